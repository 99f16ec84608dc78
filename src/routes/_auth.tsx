import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '#app/layout/app-layout.tsx';
import { resolveGuard, tokenAtom } from '#features/auth/index.ts';

/** Private routes sit under this layout: no token → /login?redirect=<path> (docs/product.md, Sign-in and session). */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context, location }) => {
    const target = resolveGuard(location.href, context.store.get(tokenAtom));
    if (target) throw redirect({ href: target, replace: true });
  },
  component: AppLayout,
});
