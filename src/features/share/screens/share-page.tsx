/**
 * /share: the photos the member shared to Amity, and where they go: 'New moment' (the square's composer) or one of
 * their conversations (its composer). The choice is handed over through lib/shared-photos.ts; leaving without one
 * lets the photos go.
 */
import { useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { chatServiceAtom, conversationsAtom, conversationsStateAtom } from '#features/chat/index.ts';
import { dropSharedPhotos, handSharedPhotos, readSharedPhotos, type ShareTarget } from '#lib/shared-photos.ts';
import { Avatar } from '#ui/avatar.tsx';
import { Button, buttonClass } from '#ui/button.tsx';
import { EmptyState, Spinner } from '#ui/empty-state.tsx';
import { ChatIcon, SquareIcon } from '#ui/icons.tsx';
import { ChevronRightIcon, ImageIcon } from '#ui/more-icons.tsx';
import { Page } from '#ui/page.tsx';
import { ScreenCatalog } from '#ui/screen-catalog.tsx';
import './share.css';

export function SharePage({ id }: { id: string | undefined }) {
  return (
    <ScreenCatalog>
      <Share id={id} />
    </ScreenCatalog>
  );
}

type Photos = { state: 'loading' } | { state: 'ready'; files: File[]; previews: string[] };

function useSharedPhotos(id: string | undefined): Photos {
  const [photos, setPhotos] = useState<Photos>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    let previews: string[] = [];
    void (id ? readSharedPhotos(id) : Promise.resolve([]))
      .catch(() => [])
      .then((files) => {
        if (!live) return;
        previews = files.map((file) => URL.createObjectURL(file));
        setPhotos({ state: 'ready', files, previews });
      });
    return () => {
      live = false;
      for (const url of previews) URL.revokeObjectURL(url);
    };
  }, [id]);
  return photos;
}

function Share({ id }: { id: string | undefined }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const photos = useSharedPhotos(id);

  if (photos.state === 'loading') {
    return (
      <Page title={t`Share photos`}>
        <Spinner label={t`Loading the shared photos…`} />
      </Page>
    );
  }
  if (!id || photos.files.length === 0) {
    return (
      <Page title={t`Share photos`}>
        <EmptyState
          icon={<ImageIcon size={36} />}
          title={t`Nothing to share`}
          action={
            <Link className={buttonClass('secondary')} to="/chat">
              {t`Go to my chats`}
            </Link>
          }
        >
          {t`These photos are no longer here. Share them again from your gallery.`}
        </EmptyState>
      </Page>
    );
  }

  const choose = (target: ShareTarget) => {
    handSharedPhotos(id, target);
    if (target === 'moment') void navigate({ to: '/square' });
    else void navigate({ to: '/chat', search: { userId: target.peerId } });
  };
  const cancel = () => {
    void dropSharedPhotos();
    void navigate({ to: '/chat', search: {} });
  };
  return (
    <Page
      title={t`Share photos`}
      actions={
        <Button variant="ghost" onClick={cancel}>
          {t`Cancel`}
        </Button>
      }
    >
      <div className="share">
        <ul className="share-photos" aria-label={t`Photos to share`}>
          {photos.previews.map((url, i) => (
            <li key={url}>
              <img className="share-photo" src={url} alt={photos.files[i]?.name ?? ''} />
            </li>
          ))}
        </ul>
        <button type="button" className="share-choice share-moment" onClick={() => choose('moment')}>
          <span className="share-moment-icon" aria-hidden="true">
            <SquareIcon size={24} />
          </span>
          <span className="share-choice-main">
            <span className="share-choice-name">{t`New moment`}</span>
            <span className="share-choice-note">{t`Post them on the square`}</span>
          </span>
          <ChevronRightIcon aria-hidden="true" />
        </button>
        <ConversationPicker onPick={(peerId) => choose({ peerId })} />
      </div>
    </Page>
  );
}

function ConversationPicker({ onPick }: { onPick: (peerId: number) => void }) {
  const { t } = useLingui();
  const id = useId();
  const service = useAtomValue(chatServiceAtom);
  const conversations = useAtomValue(conversationsAtom);
  const listState = useAtomValue(conversationsStateAtom);
  useEffect(() => {
    void service?.loadConversations();
  }, [service]);

  let body: React.ReactNode;
  if (conversations.length === 0 && listState === 'error') {
    body = (
      <EmptyState
        icon={<ChatIcon size={36} />}
        title={t`Your conversations could not be loaded`}
        action={
          <Button variant="secondary" onClick={() => void service?.loadConversations()}>
            {t`Try again`}
          </Button>
        }
      />
    );
  } else if (conversations.length === 0 && listState !== 'ready') {
    body = <Spinner label={t`Loading conversations…`} />;
  } else if (conversations.length === 0) {
    body = <EmptyState icon={<ChatIcon size={36} />} title={t`No conversations yet`} />;
  } else {
    body = (
      <ul className="share-list" aria-labelledby={`${id}-title`}>
        {conversations.map(({ peer }) => (
          <li key={peer.id}>
            <button type="button" className="share-choice" onClick={() => onPick(peer.id)}>
              <Avatar src={peer.avatar} name={peer.username} size={40} />
              <bdi className="share-choice-name">{peer.username}</bdi>
              <ChevronRightIcon aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="share-section" aria-labelledby={`${id}-title`}>
      <h2 className="share-section-title" id={`${id}-title`}>
        {t`Send in a conversation`}
      </h2>
      {body}
    </section>
  );
}
