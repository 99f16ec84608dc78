import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_auth/i/')({
  beforeLoad: () => {
    throw redirect({ to: '/i/like', replace: true });
  },
});
