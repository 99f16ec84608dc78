import { createFileRoute } from '@tanstack/react-router';
import { SharePage } from '#features/share/page.ts';

/** Photos shared from the phone's share sheet (manifest share_target; the worker answers the POST and comes here). */
export const Route = createFileRoute('/_auth/share')({
  validateSearch: (search: Record<string, unknown>): { id?: string } =>
    typeof search.id === 'string' ? { id: search.id } : {},
  component: function ShareScreen() {
    return <SharePage id={Route.useSearch().id} />;
  },
});
