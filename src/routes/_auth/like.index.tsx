import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_auth/like/')({
  beforeLoad: () => {
    throw redirect({ to: '/like/me', replace: true });
  },
});
