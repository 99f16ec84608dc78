import { createFileRoute } from '@tanstack/react-router';
import { RechargePage } from '#features/shop/page.ts';

/** Characters and gold coins for oneself (docs/product.md, Commerce); a lazy chunk of its own. */
export const Route = createFileRoute('/_auth/recharge')({
  component: RechargePage,
});
