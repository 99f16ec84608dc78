import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { PermissionPrompt } from '#app/permission-prompt.tsx';
import type { RouterContext } from '#app/router.tsx';
import { Toaster } from '#ui/toast.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <Toaster />
      <PermissionPrompt />
    </>
  ),
});
