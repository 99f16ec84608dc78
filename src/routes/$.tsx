// biome-ignore-all lint/style/useFilenamingConvention: TanStack file routes spell params and splats with `$`.
import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec 2: anything else goes to /login (which sends a signed-in reader on to /chat). */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/login', replace: true });
  },
});
