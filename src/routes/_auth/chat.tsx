import { useLingui } from '@lingui/react/macro';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useDeferredValue } from 'react';
import { userInfoAtom } from '#features/auth/index.ts';
import { ChatPage } from '#features/chat/page.ts';
import { buttonClass } from '#ui/button.tsx';

/** `userId` opens (or starts) the conversation with that member (friend panel's Chat button, notifications). */
export const Route = createFileRoute('/_auth/chat')({
  validateSearch: (search: Record<string, unknown>): { userId?: number } => {
    // A number, so links read `?userId=5` (a string would be written as JSON, `?userId=%225%22`).
    const userId = Number(search.userId);
    return Number.isSafeInteger(userId) && userId > 0 ? { userId } : {};
  },
  component: ChatScreen,
});

function ChatScreen() {
  const { t } = useLingui();
  const { userId } = Route.useSearch();
  const navigate = useNavigate();
  const me = useAtomValue(userInfoAtom);
  const peerId = userId ?? null;
  // The layout and this page arrive together and the router renders them in one synchronous pass (its store
  // updates cannot be transitions): about 150 ms of main thread on a phone. Deferring the page makes its first
  // render a transition, which React slices into short tasks, so input is never blocked for long.
  const ready = useDeferredValue(true, false);
  if (!ready) return null;
  return (
    <ChatPage
      peerId={peerId}
      me={me}
      onSelect={(id) => void navigate({ to: '/chat', search: id === null ? {} : { userId: id } })}
      meetLinks={
        <div className="meet-links">
          <Link to="/square" className={buttonClass('primary')}>
            {t`Meet people on the Square`}
          </Link>
          <Link to="/search" className={buttonClass('secondary')}>
            {t`Search members`}
          </Link>
        </div>
      }
    />
  );
}
