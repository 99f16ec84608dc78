import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { constellationLabel, IdentityMark, LevelBadge } from '#features/account/index.ts';
import { chatServiceAtom, fetchBlockList } from '#features/chat/index.ts';
import { ApiError } from '#lib/http.ts';
import { useAsync } from '#lib/use-async.ts';
import { Avatar } from '#ui/avatar.tsx';
import { isolate } from '#ui/bidi.ts';
import { Button } from '#ui/button.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { EmptyState, Spinner } from '#ui/empty-state.tsx';
import { AlertIcon, ChatIcon, CrownIcon, HeartIcon } from '#ui/icons.tsx';
import { BanIcon, CoinIcon, FlagIcon, TextIcon } from '#ui/more-icons.tsx';
import { ScreenCatalog } from '#ui/screen-catalog.tsx';
import { useToast } from '#ui/toast.tsx';
import { addVisit, fetchBaseUser, fetchLikes, setLike } from '../api.ts';
import { ReportDialog } from './report-dialog.tsx';

interface FriendPanelProps {
  userId: string;
  onChat: (userId: number) => void;
  /** After the server acked a block (docs/product.md, Messages: 'then goes back'). */
  onBlocked: () => void;
}

type DialogName = 'characters' | 'membership' | 'gold' | 'report' | 'block' | null;

// The shop's dialogs (and its pay dialog) load on first use: /homepage's panel stays light.
const GiftDialog = lazy(() => import('#features/shop/index.ts').then((m) => ({ default: m.GiftDialog })));

/** Spec 2 friend-info panel for /homepage/{other}: who they are and what I can do for or about them. */
/** Its texts (and the report dialog's) are in the screens catalog: the panel shows once that is in. */
export function FriendPanel(props: FriendPanelProps) {
  return (
    <ScreenCatalog>
      <Panel {...props} />
    </ScreenCatalog>
  );
}

function Panel({ userId, onChat, onBlocked }: FriendPanelProps) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const friend = useAsync(() => fetchBaseUser(userId), [userId]);
  const likeState = useAsync(() => fetchLikes(userId).catch(() => false), [userId]);
  const [liked, setLiked] = useState(false);
  const [dialog, setDialog] = useState<DialogName>(null);
  const [liking, setLiking] = useState(false);
  const chat = useAtomValue(chatServiceAtom);
  const blockList = useAsync(() => fetchBlockList().catch(() => []), [userId]);
  const [blocked, setBlocked] = useState(false);
  const [blocking, setBlocking] = useState(false);

  useEffect(() => setLiked(Boolean(likeState.data)), [likeState.data]);
  useEffect(() => setBlocked(Boolean(blockList.data?.some((u) => String(u.id) === userId))), [blockList.data, userId]);
  // One visit per opening of the page: the panel is keyed by the member, and a ref survives StrictMode's re-run.
  const visited = useRef(false);
  useEffect(() => {
    if (friend.data && !visited.current) {
      visited.current = true;
      void addVisit(friend.data.id);
    }
  }, [friend.data]);

  if (friend.loading) return <Spinner label={t`Loading…`} />;
  if (!friend.data) {
    // A member who does not exist (404), or a path that names nobody (/homepage/abc: 400), is said so with nothing
    // to retry, as the page beside it says; another failure offers Try again.
    const code = friend.error instanceof ApiError ? friend.error.code : 0;
    if (code === 404 || code === 400)
      return (
        <div className="panel" role="alert">
          <EmptyState icon={<AlertIcon size={36} />} title={t`No such member`} />
        </div>
      );
    return (
      <div className="panel" role="alert">
        <EmptyState
          icon={<AlertIcon size={36} />}
          title={t`This member could not be loaded`}
          action={
            <Button variant="secondary" onClick={friend.reload}>
              {t`Try again`}
            </Button>
          }
        />
      </div>
    );
  }

  const f = friend.data;
  const name = isolate(f.username);
  /** Optimistic: the heart changes at once and goes back, with a toast, if the server refuses. */
  async function toggleLike() {
    if (liking) return;
    const before = liked;
    setLiked(!before);
    setLiking(true);
    try {
      setLiked(await setLike(f.id, !before));
    } catch {
      setLiked(before);
      toast(
        'error',
        before ? t`Could not remove your like. Please try again.` : t`Could not like ${name}. Please try again.`,
      );
    } finally {
      setLiking(false);
    }
  }
  const close = (open: boolean) => !open && setDialog(null);
  const gift = dialog === 'characters' || dialog === 'gold' || dialog === 'membership' ? dialog : null;

  async function toggleBlock() {
    const next = !blocked;
    if (!chat) return toast('error', t`Not connected. Please try again in a moment.`);
    setBlocking(true);
    try {
      await chat.block(f.id, next);
      setBlocked(next);
      toast('success', next ? t`${name} has been blocked` : t`${name} has been unblocked`);
      if (next) onBlocked();
    } catch {
      toast('error', t`That did not go through. Please try again.`);
    } finally {
      setBlocking(false);
    }
  }

  return (
    <section className="panel" aria-label={t`About ${name}`}>
      <div className="panel-profile">
        <Avatar src={f.avatar} name={f.username} size={72} />
        <div className="panel-who">
          <strong className="panel-name">
            <bdi>{f.username}</bdi>
          </strong>
          <span className="panel-level">
            <LevelBadge levelName={f.levelName} />
            <IdentityMark levelName={f.levelName} />
          </span>
        </div>
      </div>
      <dl className="facts">
        <div>
          <dt>{t`Age`}</dt>
          <dd>{f.age ?? '—'}</dd>
        </div>
        <div>
          <dt>{t`Constellation`}</dt>
          <dd>{constellationLabel(i18n, f.constellation) || '—'}</dd>
        </div>
      </dl>
      {f.sign ? (
        <p className="panel-sign" dir="auto">
          {f.sign}
        </p>
      ) : (
        <p className="panel-sign">{t`No introduction yet.`}</p>
      )}
      <div className="friend-actions">
        <Button onClick={() => onChat(f.id)} block>
          <ChatIcon size={18} />
          <Trans>Chat</Trans>
        </Button>
        <Button variant="secondary" aria-pressed={liked} onClick={toggleLike} block>
          <HeartIcon size={18} className={liked ? 'heart-on' : undefined} />
          {liked ? t`Dislike` : t`Like`}
        </Button>
      </div>
      <ul className="panel-links">
        <li>
          <button type="button" className="panel-link" onClick={() => setDialog('characters')}>
            <TextIcon size={18} />
            <Trans>Send characters</Trans>
          </button>
        </li>
        <li>
          <button type="button" className="panel-link" onClick={() => setDialog('membership')}>
            <CrownIcon size={18} />
            <Trans>Upgrade</Trans>
          </button>
        </li>
        <li>
          <button type="button" className="panel-link" onClick={() => setDialog('gold')}>
            <CoinIcon size={18} />
            <Trans>Send gold coins</Trans>
          </button>
        </li>
        <li>
          <button type="button" className="panel-link" onClick={() => setDialog('report')}>
            <FlagIcon size={18} />
            <Trans>Report</Trans>
          </button>
        </li>
        <li>
          <button
            type="button"
            className="panel-link panel-link-danger"
            aria-busy={blocking || undefined}
            disabled={blocking}
            onClick={() => setDialog('block')}
          >
            <BanIcon size={18} />
            {blocked ? t`Unblock` : t`Block`}
          </button>
        </li>
      </ul>
      {gift && (
        <Suspense fallback={null}>
          <GiftDialog
            kind={gift}
            recipient={{ id: f.id, name: f.username, levelName: f.levelName }}
            open={dialog === gift}
            onOpenChange={close}
          />
        </Suspense>
      )}
      <ReportDialog reportedId={f.id} open={dialog === 'report'} onOpenChange={close} />
      <ConfirmDialog
        open={dialog === 'block'}
        onOpenChange={close}
        title={blocked ? t`Unblock ${name}?` : t`Block ${name}?`}
        description={
          blocked ? t`They will be able to send you messages again.` : t`They will not be able to send you messages.`
        }
        cancelLabel={t`Cancel`}
        confirmLabel={blocked ? t`Unblock` : t`Block`}
        tone={blocked ? 'primary' : 'danger'}
        onConfirm={() => void toggleBlock()}
      />
    </section>
  );
}
