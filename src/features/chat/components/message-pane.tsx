import { useLingui } from '@lingui/react/macro';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { IdentityMark, LevelBadge } from '#features/account/index.ts';
import { refreshUserInfoAtom } from '#features/auth/index.ts';
import { type Message, MessageType } from '#protocol/chat.ts';
import { toLocale } from '#protocol/translation.ts';
import type { BaseUser } from '#protocol/user.ts';
import { Avatar } from '#ui/avatar.tsx';
import { isolate } from '#ui/bidi.ts';
import { Button } from '#ui/button.tsx';
import { AlertIcon, ChevronDownIcon } from '#ui/icons.tsx';
import { ChevronRightIcon } from '#ui/more-icons.tsx';
import { historiesAtom, outboxRecordsAtom } from '../chat.atoms.ts';
import type { ChatService } from '../chat.service.ts';
import { emptyHistory } from '../chat.state.ts';
import { newestId } from '../history.rules.ts';
import { canCancel, canRetry } from '../outbox.rules.ts';
import { CostDialog, SendInBar, SentInLine, TranslateBar, TranslationLine } from '../screens/translation-ui.tsx';
import { buildTimeline, deliveryOf, type TimelineItem } from '../timeline.rules.ts';
import { askingOf, jobKey, targetOf } from '../translate.reducer.ts';
import { createTranslator, type Translator, translateAtom } from '../translate.service.ts';
import { bcp } from './chat-format.ts';
import { Composer } from './composer.tsx';
import { MessageBubble } from './message-bubble.tsx';
import { VirtualList, type VirtualListHandle } from './virtual-list.tsx';

/** The texts of the pane's translation parts (screens catalog): lazy-message-pane.tsx waits for them. */
export { ensureScreenCatalog as loadTexts } from '#lib/screen-catalog.ts';

export interface MessagePaneProps {
  peerId: number;
  peer: BaseUser | undefined;
  me: number | null;
  service: ChatService;
  onBack: () => void;
}

/** The composer's video and voice tools: their code and texts load after the pane (screens catalog). */
const MediaTools = lazy(() => import('../screens/media-tools.tsx'));

/**
 * A chat photo goes the uploads feature's way (md5 name, signed form or direct), loaded with the first photo; from
 * here rather than the chat service, so /chat's first load carries no reference to it.
 */
async function uploadPhoto(file: File): Promise<string> {
  const uploads = await import('#features/uploads/index.ts');
  return uploads.uploadImage(file, { type: 'media' });
}

/** One translator per chat service (a sign-in): its state starts afresh with each. */
const translators = new WeakMap<ChatService, Translator>();

/** The partner's language: the locale of their newest message that names one. */
function partnerLocale(messages: readonly Message[], peerId: number): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    const locale = m.senderId === peerId ? toLocale(m.lang) : undefined;
    if (locale) return locale;
  }
  return undefined;
}

export function MessagePane({ peerId, peer, me, service, onBack }: MessagePaneProps) {
  const { t, i18n } = useLingui();
  const store = useStore();
  const refreshUserInfo = useSetAtom(refreshUserInfoAtom);
  let translator = translators.get(service);
  if (!translator) {
    translator = createTranslator({
      store,
      apply: service.translated,
      onCharged: () => void refreshUserInfo().catch(() => {}),
    });
    translators.set(service, translator);
  }
  const { dispatch } = translator;
  const translation = useAtomValue(translateAtom);
  const uiLang = toLocale(i18n.locale) ?? i18n.locale;
  const target = targetOf(translation, peerId, uiLang);
  const auto = translation.settings[peerId]?.auto ?? false;
  const history = useAtomValue(historiesAtom)[peerId] ?? emptyHistory;
  const partnerLang = partnerLocale(history.messages, peerId);
  const [sendIn, setSendIn] = useState(false);
  const draftJob = translation.jobs[jobKey(peerId, { text: '', from: '' }, '')];
  const asking = askingOf(translation);
  useEffect(() => {
    if (me !== null && translation.settingsLoaded)
      dispatch({ type: 'messages', peerId, me, messages: history.messages, lang: target });
  }, [dispatch, peerId, me, history.messages, target, translation.settingsLoaded]);
  const records = useAtomValue(outboxRecordsAtom);
  const pending = useMemo(() => records.filter((r) => r.toId === peerId), [records, peerId]);
  const items = useMemo(() => buildTimeline(history.messages, pending), [history.messages, pending]);
  const list = useRef<VirtualListHandle>(null);
  const [atBottom, setAtBottom] = useState(true);
  const name = peer?.username ?? '';
  const words = { today: t`Today`, yesterday: t`Yesterday` };
  const empty = history.state === 'ready' && items.length === 0;
  const follow = useCallback(
    (item: TimelineItem) => item.kind === 'pending' || (item.kind === 'message' && item.message.senderId === me),
    [me],
  );

  function renderRow(item: TimelineItem) {
    if (item.kind === 'day') return <span>{formatDay(item.day, i18n.locale, words)}</span>;
    if (item.kind === 'pending') {
      const r = item.record;
      return (
        <MessageBubble
          mine
          type={r.type}
          msg={r.msg}
          createdAt={r.createdAt}
          delivery={r.state}
          error={r.error}
          media={r.media ?? r.upload}
          peerName={isolate(name)}
          onRetry={canRetry(r) ? () => void service.retry(r.clientId) : undefined}
          onCancel={canCancel(r) ? () => void service.cancel(r.clientId) : undefined}
        />
      );
    }
    const m = item.message;
    const mine = m.senderId === me;
    const translatable = !mine && m.type === MessageType.text && toLocale(m.lang) !== toLocale(target);
    const translated = translatable ? m.translations?.[target] : undefined;
    const showingOriginal = translation.original.includes(m.id);
    // Mine, sent in the partner's language: the toggle shows what they received.
    const sentIn = mine && m.type === MessageType.text ? sentLanguage(m) : undefined;
    if (sentIn)
      return (
        <MessageBubble
          mine
          type={m.type}
          msg={m.msg}
          shownText={showingOriginal ? m.translations[sentIn] : undefined}
          createdAt={m.createdAt}
          delivery={deliveryOf(m)}
          peerName={isolate(name)}
          extra={
            <SentInLine
              lang={sentIn}
              showingSent={showingOriginal}
              onToggle={() => dispatch({ type: 'toggleOriginal', msgId: m.id })}
            />
          }
        />
      );
    return (
      <MessageBubble
        mine={mine}
        type={m.type}
        msg={m.msg}
        media={m.media}
        shownText={translated !== undefined && !showingOriginal ? translated : undefined}
        createdAt={m.createdAt}
        delivery={mine ? deliveryOf(m) : undefined}
        peerName={isolate(name)}
        extra={
          translatable && (
            <TranslationLine
              translation={translated}
              from={m.lang}
              showingOriginal={showingOriginal}
              job={translation.jobs[jobKey(peerId, { msgId: m.id }, target)]}
              onTranslate={() => dispatch({ type: 'translate', peerId, msgId: m.id, lang: target })}
              onToggle={() => dispatch({ type: 'toggleOriginal', msgId: m.id })}
            />
          )
        }
      />
    );
  }

  /** 'Send in …' on: the first Send translates the draft, the second (same text, translated) sends both. */
  function sendText(text: string): boolean {
    if (!sendIn || !partnerLang) {
      void service.send(peerId, MessageType.text, text);
      return true;
    }
    const job = draftJob;
    if (job?.status === 'done' && job.text && 'text' in job.target && job.target.text === text) {
      void service.send(peerId, MessageType.text, text, { [job.lang]: job.text });
      dispatch({ type: 'clearDraft', peerId });
      return true;
    }
    dispatch({ type: 'translateDraft', peerId, text, from: uiLang, lang: partnerLang });
    return false;
  }

  const header = (
    <>
      {history.state === 'ready' && history.hasMore && items.length > 0 && (
        <div className="log-older">
          <Button variant="ghost" size="sm" busy={history.loadingOlder} onClick={() => void service.loadOlder(peerId)}>
            {t`Load older messages`}
          </Button>
        </div>
      )}
      {history.state === 'ready' && !history.hasMore && items.length > 0 && (
        <p className="log-start">{t`This is the start of your conversation.`}</p>
      )}
      {(history.state === 'loading' || history.state === 'idle') && items.length === 0 && <LogSkeleton />}
      {history.state === 'error' && items.length === 0 && (
        <div className="log-state" role="alert">
          <AlertIcon size={28} />
          <p>{t`Messages could not be loaded.`}</p>
          <Button variant="secondary" onClick={() => void service.loadHistory(peerId)}>
            {t`Try again`}
          </Button>
        </div>
      )}
      {empty && (
        <div className="log-state">
          <p className="log-state-title">{t`No messages yet`}</p>
          {name ? <SayHello name={isolate(name)} /> : <p>{t`Say hello.`}</p>}
        </div>
      )}
    </>
  );

  return (
    <section className="pane" aria-label={name ? t`Conversation with ${name}` : t`Conversation`}>
      <header className="pane-head">
        <button type="button" className="icon-btn pane-back" aria-label={t`Back to conversations`} onClick={onBack}>
          <ChevronRightIcon className="flip" />
        </button>
        {peer ? (
          <>
            <Avatar src={peer.avatar} name={peer.username} size={36} />
            <h2 className="pane-name">
              <bdi>{peer.username}</bdi>
            </h2>
            <IdentityMark levelName={peer.levelName} />
            {peer.levelName && <LevelBadge levelName={peer.levelName} />}
          </>
        ) : (
          <span className="skeleton skeleton-line" aria-hidden="true" />
        )}
      </header>
      <TranslateBar
        lang={target}
        auto={auto}
        onLang={(lang) => dispatch({ type: 'setLang', peerId, lang: lang === uiLang ? undefined : lang })}
        onAuto={(on) => dispatch({ type: 'setAuto', peerId, auto: on, newestId: newestId(history.messages) ?? 0 })}
      />
      <VirtualList
        ref={list}
        className="log"
        role="log"
        aria-live="polite"
        aria-label={name ? t`Chat with ${name}` : t`Chat history`}
        // A scrollable region must be reachable by keyboard.
        tabIndex={0}
        items={items}
        estimate={estimateRow}
        renderRow={renderRow}
        rowProps={rowProps(me)}
        header={header}
        follow={follow}
        anchorable={notDay}
        onScrollState={(state) => {
          setAtBottom(state.atBottom);
          if (state.nearTop && history.hasMore && history.state === 'ready') void service.loadOlder(peerId);
        }}
      />
      {!atBottom && (
        <button
          type="button"
          className="to-bottom"
          aria-label={t`Scroll to the latest messages`}
          onClick={() => list.current?.scrollToEnd()}
        >
          <ChevronDownIcon />
        </button>
      )}
      {partnerLang && partnerLang !== uiLang && (
        <SendInBar
          lang={partnerLang}
          on={sendIn}
          job={draftJob}
          onToggle={(on) => {
            setSendIn(on);
            if (!on) dispatch({ type: 'clearDraft', peerId });
          }}
          onRetry={() => {
            const job = draftJob;
            if (job && 'text' in job.target) sendText(job.target.text);
          }}
        />
      )}
      <CostDialog
        job={asking?.[1]}
        onConfirm={() => asking && dispatch({ type: 'confirm', key: asking[0] })}
        onCancel={() => asking && dispatch({ type: 'cancel', key: asking[0] })}
      />
      <Composer
        peerId={peerId}
        onSendText={sendText}
        onSendImage={async (file) => {
          // A failed upload was already reported by lib/http; nothing is sent then.
          const url = await uploadPhoto(file).catch(() => null);
          if (url) await service.send(peerId, MessageType.image, url);
        }}
        tools={
          <Suspense fallback={null}>
            <MediaTools
              peerId={peerId}
              onQueue={(local, files) => service.sendMedia(peerId, local, files)}
              onCancel={(clientId) => void service.cancel(clientId)}
            />
          </Suspense>
        }
      />
    </section>
  );
}

/** 'YYYY-MM-DD' local day → a long date; `today`/`yesterday` come translated (only the pane shows days). */
function formatDay(day: string, locale: string, words: { today: string; yesterday: string }, now = new Date()) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const diff = Math.round((start.getTime() - date.getTime()) / 86_400_000);
  if (diff === 0) return words.today;
  if (diff === 1) return words.yesterday;
  return new Intl.DateTimeFormat(bcp(locale), {
    dateStyle: date.getFullYear() === now.getFullYear() ? undefined : 'medium',
    ...(date.getFullYear() === now.getFullYear() ? { month: 'long', day: 'numeric', weekday: 'short' } : {}),
  }).format(date);
}

const notDay = (item: TimelineItem) => item.kind !== 'day';
/** The language a message of mine was sent in besides its own (its `translations`, docs/api.md chart). */
const sentLanguage = (m: Message) =>
  Object.keys(m.translations ?? {}).find((lang) => toLocale(lang) !== toLocale(m.lang));

/** First guesses before a row is measured; close guesses keep the scrollbar steady. */
function estimateRow(item: TimelineItem): number {
  if (item.kind === 'day') return 44;
  const { type, msg } = item.kind === 'pending' ? item.record : item.message;
  if (type === MessageType.image) return 236;
  if (type === MessageType.video) return 290;
  if (type === MessageType.voice) return 84;
  if (type > MessageType.image) return 110;
  return 52 + Math.floor(msg.length / 42) * 21;
}

/** Gifts and balance notes (3-7) are centred cards; text, photos, video and voice sit on their sender's side. */
const isCard = (type: number) => type > MessageType.image && type < MessageType.video;

const rowProps = (me: number | null) => (item: TimelineItem) => {
  if (item.kind === 'day') return { className: 'day-sep' };
  if (item.kind === 'pending')
    return { className: 'row row-mine', 'data-client-id': item.record.clientId, 'data-state': item.record.state };
  const m = item.message;
  const mine = m.senderId === me;
  return {
    className: `row ${isCard(m.type) ? 'row-card' : mine ? 'row-mine' : 'row-theirs'}`,
    'data-message-id': String(m.id),
    'data-client-id': m.clientId || undefined,
    'data-state': mine ? deliveryOf(m) : undefined,
  };
};

/** The name is isolated in the sentence: a right-to-left override in it cannot reorder the words around it. */
function SayHello({ name }: { name: string }) {
  const { t } = useLingui();
  return <p>{t`Say hello to ${name}.`}</p>;
}

function LogSkeleton() {
  const { t } = useLingui();
  return (
    <div className="log-skeleton" role="status">
      <span className="sr-only">{t`Loading messages…`}</span>
      {[60, 40, 72, 52].map((w, i) => (
        <span
          key={w}
          className={`skeleton skeleton-bubble${i % 2 ? ' skeleton-mine' : ''}`}
          style={{ width: `${w}%` }}
          aria-hidden="true"
        />
      ))}
    </div>
  );
}
