/**
 * Translation in the open conversation (issue 9; docs/api.md, Translation) as a pure state machine:
 * `reduceTranslate(state, event) → { state, effects }`, like chat.reducer.ts, but loaded with the message pane
 * (vite.config.ts NOT_MEMBER): /chat's first load never pays for it. translate.service.ts performs the effects.
 *
 * A job (a message into a language, or the composer's draft) goes
 *
 *   previewing ──free, or cheap and confirmed before──► translating ──► done (a message: handed to the chat core)
 *        │                                                  ▲
 *        └── the first paid one here, or it would dip ──► confirming ──Confirm──┘   (Cancel drops the job)
 *            into characters or gold
 *
 * and any refusal (402, 503, 400, 502, no network) leaves it `failed` with its code, shown until tried again.
 */
import { type Message, MessageType } from '#protocol/chat.ts';
import { type TranslationBalance, type TransPreview, toLocale } from '#protocol/translation.ts';

/** Per conversation, kept in IndexedDB: translate new incoming messages, and into which language. */
export interface PeerSettings {
  auto: boolean;
  /** Absent: the interface language. */
  lang?: string;
}

export type JobTarget = { msgId: number } | { text: string; from: string };
export type JobStatus = 'previewing' | 'confirming' | 'translating' | 'done' | 'failed';

export interface Job {
  peerId: number;
  lang: string;
  target: JobTarget;
  status: JobStatus;
  preview?: TransPreview;
  /** The draft's translation once done. */
  text?: string;
  /** A failure: the HTTP code (0 without an answer) and the server's words. */
  code?: number;
  message?: string;
}

export interface TranslateState {
  settings: Record<number, PeerSettings>;
  settingsLoaded: boolean;
  /** Keyed by `jobKey`. */
  jobs: Record<string, Job>;
  /** Messages whose translation the member hid ('Show original'). */
  original: number[];
  /** Conversations where a paid translation was confirmed once: later ones from the free allowance go straight on. */
  confirmed: number[];
  /** The last balances an answer carried. */
  balance: TranslationBalance | null;
  /** Per conversation, the newest message id automatic translation has looked at. */
  autoSeen: Record<number, number>;
}

export const initialTranslateState: TranslateState = {
  settings: {},
  settingsLoaded: false,
  jobs: {},
  original: [],
  confirmed: [],
  balance: null,
  autoSeen: {},
};

export type TranslateEvent =
  /** A new session (another member may have signed in): nothing of the last one stays. */
  | { type: 'reset' }
  | { type: 'settingsLoaded'; settings: Record<number, PeerSettings> }
  | { type: 'setAuto'; peerId: number; auto: boolean; newestId: number }
  | { type: 'setLang'; peerId: number; lang: string | undefined }
  | { type: 'translate'; peerId: number; msgId: number; lang: string }
  | { type: 'translateDraft'; peerId: number; text: string; from: string; lang: string }
  | { type: 'clearDraft'; peerId: number }
  /** Messages on screen: automatic translation picks the new incoming ones. */
  | { type: 'messages'; peerId: number; me: number; messages: readonly Message[]; lang: string }
  | { type: 'confirm'; key: string }
  | { type: 'cancel'; key: string }
  | { type: 'toggleOriginal'; msgId: number }
  | { type: 'previewed'; key: string; preview: TransPreview }
  | { type: 'translated'; key: string; text: string; balance: TranslationBalance; charged: number }
  | { type: 'failed'; key: string; code: number; message: string };

export type TranslateEffect =
  | { type: 'preview'; key: string; job: Job }
  | { type: 'translate'; key: string; job: Job }
  /** A message's translation: the chat core keeps it with the message (history, IndexedDB). */
  | { type: 'apply'; peerId: number; msgId: number; lang: string; text: string }
  | { type: 'saveSettings'; settings: Record<number, PeerSettings> }
  /** Something was charged: the user info's balances are stale. */
  | { type: 'charged' };

export interface TranslateStep {
  state: TranslateState;
  effects: TranslateEffect[];
}

export const jobKey = (peerId: number, target: JobTarget, lang: string) =>
  'msgId' in target ? `msg:${target.msgId}:${lang}` : `draft:${peerId}`;

/** The language a conversation is read in: the member's choice for it, else the interface language. */
export const targetOf = (s: TranslateState, peerId: number, uiLang: string) => s.settings[peerId]?.lang ?? uiLang;

/** The job waiting for the member's yes or no, oldest first: one question at a time. */
export const askingOf = (s: TranslateState): [string, Job] | undefined =>
  Object.entries(s.jobs).find(([, j]) => j.status === 'confirming');

/** Worth asking: the first paid translation in a conversation, or one that would spend characters or gold. */
export function needsConfirm(preview: TransPreview, confirmedHere: boolean): boolean {
  if (preview.free || preview.cost === 0) return false;
  const { register, give, buy, giveGold, buyGold } = preview.spend;
  return !confirmedHere || register + give + buy > 0 || giveGold + buyGold > 0;
}

/** An incoming text not in the reader's language and not translated into it yet. */
export function wantsTranslation(m: Message, me: number, lang: string): boolean {
  return (
    m.senderId !== me && m.type === MessageType.text && !m.translations?.[lang] && toLocale(m.lang) !== toLocale(lang)
  );
}

export function reduceTranslate(state: TranslateState, event: TranslateEvent): TranslateStep {
  let s = state;
  const effects: TranslateEffect[] = [];
  const setJob = (key: string, job: Job | undefined) => {
    const { [key]: _, ...rest } = s.jobs;
    s = { ...s, jobs: job ? { ...rest, [key]: job } : rest };
  };
  const saveSettings = (peerId: number, patch: Partial<PeerSettings>) => {
    const settings = { ...s.settings, [peerId]: { auto: false, ...s.settings[peerId], ...patch } };
    s = { ...s, settings };
    effects.push({ type: 'saveSettings', settings });
  };
  const start = (peerId: number, target: JobTarget, lang: string) => {
    const key = jobKey(peerId, target, lang);
    const running = s.jobs[key];
    if (running && running.status !== 'failed' && running.status !== 'done') return;
    const job: Job = { peerId, lang, target, status: 'previewing' };
    setJob(key, job);
    effects.push({ type: 'preview', key, job });
  };
  const go = (key: string, job: Job) => {
    const next: Job = { ...job, status: 'translating' };
    setJob(key, next);
    effects.push({ type: 'translate', key, job: next });
  };

  switch (event.type) {
    case 'reset':
      return { state: initialTranslateState, effects };
    case 'settingsLoaded':
      // Changes made before the stored ones arrived win.
      s = { ...s, settingsLoaded: true, settings: { ...event.settings, ...s.settings } };
      break;
    case 'setAuto':
      saveSettings(event.peerId, { auto: event.auto });
      // Only messages arriving from now on: turning it on never charges for the history.
      if (event.auto) s = { ...s, autoSeen: { ...s.autoSeen, [event.peerId]: event.newestId } };
      break;
    case 'setLang':
      saveSettings(event.peerId, { lang: event.lang });
      break;
    case 'translate':
      s = { ...s, original: s.original.filter((id) => id !== event.msgId) };
      start(event.peerId, { msgId: event.msgId }, event.lang);
      break;
    case 'translateDraft':
      setJob(jobKey(event.peerId, { text: '', from: '' }, event.lang), undefined);
      start(event.peerId, { text: event.text, from: event.from }, event.lang);
      break;
    case 'clearDraft':
      setJob(jobKey(event.peerId, { text: '', from: '' }, ''), undefined);
      break;
    case 'messages': {
      const { peerId, me, messages, lang } = event;
      const seen = s.autoSeen[peerId];
      const newest = messages.reduce((max, m) => Math.max(max, m.id), seen ?? 0);
      if (seen === undefined || !s.settings[peerId]?.auto) {
        // Not on, or first look at this conversation: what is there now is history, not new.
        if (newest !== seen) s = { ...s, autoSeen: { ...s.autoSeen, [peerId]: newest } };
        break;
      }
      for (const m of messages) if (m.id > seen && wantsTranslation(m, me, lang)) start(peerId, { msgId: m.id }, lang);
      s = { ...s, autoSeen: { ...s.autoSeen, [peerId]: newest } };
      break;
    }
    case 'confirm': {
      const job = s.jobs[event.key];
      if (job?.status !== 'confirming') break;
      if (!s.confirmed.includes(job.peerId)) s = { ...s, confirmed: [...s.confirmed, job.peerId] };
      go(event.key, job);
      break;
    }
    case 'cancel':
      if (s.jobs[event.key]?.status === 'confirming') setJob(event.key, undefined);
      break;
    case 'toggleOriginal':
      s = {
        ...s,
        original: s.original.includes(event.msgId)
          ? s.original.filter((id) => id !== event.msgId)
          : [...s.original, event.msgId],
      };
      break;
    case 'previewed': {
      const job = s.jobs[event.key];
      if (job?.status !== 'previewing') break;
      const { preview } = event;
      s = { ...s, balance: preview.enough ? s.balance : preview.left };
      // Nothing would be charged: refuse here, as the server would (402), without asking it.
      if (!preview.enough) setJob(event.key, { ...job, status: 'failed', preview, code: 402, message: '' });
      else if (needsConfirm(preview, s.confirmed.includes(job.peerId)))
        setJob(event.key, { ...job, status: 'confirming', preview });
      else go(event.key, { ...job, preview });
      break;
    }
    case 'translated': {
      const job = s.jobs[event.key];
      if (job?.status !== 'translating') break;
      s = { ...s, balance: event.balance };
      if (event.charged > 0) effects.push({ type: 'charged' });
      if ('msgId' in job.target) {
        setJob(event.key, undefined);
        effects.push({ type: 'apply', peerId: job.peerId, msgId: job.target.msgId, lang: job.lang, text: event.text });
      } else setJob(event.key, { ...job, status: 'done', text: event.text });
      break;
    }
    case 'failed': {
      const job = s.jobs[event.key];
      if (!job || job.status === 'done') break;
      setJob(event.key, { ...job, status: 'failed', code: event.code, message: event.message });
      break;
    }
  }
  return { state: s, effects };
}
