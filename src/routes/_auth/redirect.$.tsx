// biome-ignore-all lint/style/useFilenamingConvention: TanStack file routes spell params and splats with `$`.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { safeRedirect } from '#features/auth/index.ts';

/** /redirect/{path} goes to /{path} (used to re-enter a route and reload its data). */
export const Route = createFileRoute('/_auth/redirect/$')({
  beforeLoad: ({ params, location }) => {
    const query = location.searchStr ?? '';
    throw redirect({ href: safeRedirect(`/${params._splat ?? ''}${query}`) ?? '/chat', replace: true });
  },
});
