import { createFileRoute } from '@tanstack/react-router';
import { SquarePage } from '#features/moments/page.ts';

/** Everyone's moments, newest first (docs/product.md, Amity's own limits); the layout shows my user-info panel. */
export const Route = createFileRoute('/_auth/square')({
  component: SquarePage,
});
