/**
 * The runner of translate.reducer.ts: one state atom per store, the effects performed over REST (docs/api.md,
 * Translation) and IndexedDB, the results fed back as events. Loaded with the message pane, like the reducer.
 */
import { atom, type createStore } from 'jotai';
import { ApiError, http } from '#lib/http.ts';
import { idbGet, idbSet } from '#lib/storage.ts';
import type { TranslationBalance, TransPreview, TransResult } from '#protocol/translation.ts';
import {
  initialTranslateState,
  type Job,
  type PeerSettings,
  reduceTranslate,
  type TranslateEffect,
  type TranslateEvent,
} from './translate.reducer.ts';

type Store = ReturnType<typeof createStore>;
type TextResult = TranslationBalance & { lang: string; text: string; charged: number };

const SETTINGS_KEY = 'translate-settings';

/** Not exported: only events change it. */
const translateStateAtom = atom(initialTranslateState);
export const translateAtom = atom((get) => get(translateStateAtom));
const translateEventAtom = atom(null, (get, set, event: TranslateEvent): TranslateEffect[] => {
  const { state, effects } = reduceTranslate(get(translateStateAtom), event);
  set(translateStateAtom, state);
  return effects;
});

// Silent: every refusal is shown where the member asked (the bubble, the composer), with a way forward.
const quiet = { silent: true };
export const translateApi = {
  preview: (job: Job) =>
    http.get<TransPreview>(
      '/api/chat/trans/preview',
      'msgId' in job.target
        ? { msgId: job.target.msgId, lang: job.lang }
        : { text: job.target.text, from: job.target.from, lang: job.lang },
      quiet,
    ),
  translate: (job: Job): Promise<TransResult | TextResult> =>
    'msgId' in job.target
      ? http.post<TransResult>('/api/chat/trans', { msgId: job.target.msgId, lang: job.lang }, quiet)
      : http.post<TextResult>(
          '/api/chat/trans/text',
          { text: job.target.text, from: job.target.from, lang: job.lang },
          quiet,
        ),
  loadSettings: () => idbGet<Record<number, PeerSettings>>('kv', SETTINGS_KEY),
  saveSettings: (settings: Record<number, PeerSettings>) => idbSet('kv', SETTINGS_KEY, settings),
};

export interface TranslatorOptions {
  store: Store;
  /** The chat core keeps a message's translation with it (chat.service `translated`). */
  apply: (peerId: number, msgId: number, lang: string, text: string) => void;
  /** Balances changed: refresh the user info. */
  onCharged?: () => void;
  api?: typeof translateApi;
}

const failure = (error: unknown) =>
  error instanceof ApiError ? { code: error.code, message: error.message } : { code: 0, message: String(error) };

export function createTranslator({ store, apply, onCharged, api = translateApi }: TranslatorOptions) {
  function dispatch(event: TranslateEvent) {
    for (const effect of store.set(translateEventAtom, event)) perform(effect);
  }
  function run<T>(key: string, work: Promise<T>, then: (value: T) => TranslateEvent) {
    void work.then(
      (value) => dispatch(then(value)),
      (error: unknown) => dispatch({ type: 'failed', key, ...failure(error) }),
    );
  }
  function perform(effect: TranslateEffect) {
    switch (effect.type) {
      case 'preview':
        return run(effect.key, api.preview(effect.job), (preview) => ({ type: 'previewed', key: effect.key, preview }));
      case 'translate':
        return run(effect.key, api.translate(effect.job), ({ text, charged, ...balance }) => ({
          type: 'translated',
          key: effect.key,
          text,
          charged,
          balance: {
            characterCount: balance.characterCount,
            dayCharacterCount: balance.dayCharacterCount,
            buyGoldCount: balance.buyGoldCount,
            giveGoldCount: balance.giveGoldCount,
          },
        }));
      case 'apply':
        return apply(effect.peerId, effect.msgId, effect.lang, effect.text);
      case 'saveSettings':
        return void api.saveSettings(effect.settings).catch(() => {});
      case 'charged':
        return onCharged?.();
    }
  }
  dispatch({ type: 'reset' });
  void api
    .loadSettings()
    .catch(() => undefined)
    .then((settings) => dispatch({ type: 'settingsLoaded', settings: settings ?? {} }));
  return { dispatch };
}

export type Translator = ReturnType<typeof createTranslator>;
