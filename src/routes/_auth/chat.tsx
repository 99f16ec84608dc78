import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ChatIcon } from '#ui/icons.tsx';
import { ComingSoonPage } from '#ui/page.tsx';

/** `userId` opens the conversation with that member (friend panel's Chat button). */
export const Route = createFileRoute('/_auth/chat')({
  validateSearch: (search: Record<string, unknown>): { userId?: string } =>
    search.userId != null && search.userId !== '' ? { userId: String(search.userId) } : {},
  component: ChatScreen,
});

function ChatScreen() {
  const { t } = useLingui();
  return (
    <ComingSoonPage
      title={t`Chat`}
      icon={<ChatIcon size={36} />}
      text={t`Live chat with automatic translation is being wired up. Your conversations will appear here.`}
    />
  );
}
