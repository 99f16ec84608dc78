import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { chatServiceAtom, fetchBlockList } from '#features/chat/index.ts';
import { useAsync } from '#lib/use-async.ts';
import { Avatar } from '#ui/avatar.tsx';
import { isolate } from '#ui/bidi.ts';
import { Button } from '#ui/button.tsx';
import { Spinner } from '#ui/empty-state.tsx';
import { useToast } from '#ui/toast.tsx';

/** Whom I blocked, each with Unblock (the socket's `block` frame, as the friend panel's Block). */
export function BlockList() {
  const { t } = useLingui();
  const toast = useToast();
  const chat = useAtomValue(chatServiceAtom);
  const list = useAsync(() => fetchBlockList(), []);
  const [unblocked, setUnblocked] = useState<ReadonlySet<number>>(new Set());
  const [pending, setPending] = useState<number | null>(null);

  async function unblock(id: number, username: string) {
    const name = isolate(username);
    if (!chat) return toast('error', t`Not connected. Please try again in a moment.`);
    setPending(id);
    try {
      await chat.block(id, false);
      setUnblocked((s) => new Set(s).add(id));
      toast('success', t`${name} has been unblocked`);
    } catch {
      toast('error', t`That did not go through. Please try again.`);
    } finally {
      setPending(null);
    }
  }

  const members = (list.data ?? []).filter((m) => !unblocked.has(m.id));
  return (
    <section className="account-card" aria-labelledby="profile-blocked" aria-busy={list.loading || undefined}>
      <h2 className="account-card-title" id="profile-blocked">{t`Blocked members`}</h2>
      {list.loading ? (
        <Spinner label={t`Loading…`} />
      ) : list.error ? (
        <div className="block-list-error" role="alert">
          <p>{t`The list could not be loaded.`}</p>
          <Button variant="secondary" size="sm" onClick={list.reload}>
            {t`Try again`}
          </Button>
        </div>
      ) : members.length === 0 ? (
        <p className="account-card-lead">{t`You have not blocked anyone. Members you block cannot message you, and neither of you sees the other's moments.`}</p>
      ) : (
        <ul className="block-list">
          {members.map((m) => (
            <li key={m.id} className="block-row">
              <Avatar src={m.avatar} name={m.username} size={40} />
              <bdi className="block-name">{m.username}</bdi>
              <Button
                variant="secondary"
                size="sm"
                busy={pending === m.id}
                aria-label={t`Unblock ${isolate(m.username)}`}
                onClick={() => void unblock(m.id, m.username)}
              >
                {t`Unblock`}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
