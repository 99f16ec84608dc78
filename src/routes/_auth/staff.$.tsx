// biome-ignore-all lint/style/useFilenamingConvention: TanStack file routes spell params and splats with `$`.
import { createFileRoute } from '@tanstack/react-router';
import { StaffConsole } from '#features/staff/page.ts';

/**
 * The staff console (issue 13) at /staff and /staff/{reports|members|catalogue|audit}: one route, so the first load's
 * route tree stays small; its component (a lazy chunk) sends members to /chat and checks each section's tag.
 */
export const Route = createFileRoute('/_auth/staff/$')({
  component: StaffConsole,
});
