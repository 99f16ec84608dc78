import { createFileRoute } from '@tanstack/react-router';
import { VipPage } from '#features/shop/page.ts';

/** Memberships for oneself (docs/product.md, Commerce); a lazy chunk of its own. */
export const Route = createFileRoute('/_auth/vip')({
  component: VipPage,
});
