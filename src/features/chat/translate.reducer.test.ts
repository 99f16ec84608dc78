/** Translation in the open conversation as a pure function: preview, confirm, translate, refusals, automatic. */
import { describe, expect, it } from 'vitest';
import type { TransPreview } from '#protocol/translation.ts';
import { ALICE, ME, msg } from './test-fixtures.ts';
import {
  askingOf,
  initialTranslateState,
  jobKey,
  reduceTranslate,
  type TranslateEffect,
  type TranslateEvent,
  type TranslateState,
} from './translate.reducer.ts';

const balance = { characterCount: 1500, dayCharacterCount: 1458, buyGoldCount: 0, giveGoldCount: 2 };
const preview = (over: Partial<TransPreview> = {}, spend: Partial<TransPreview['spend']> = {}): TransPreview => ({
  cost: 42,
  free: false,
  enough: true,
  spend: { day: 42, register: 0, give: 0, buy: 0, giveGold: 0, buyGold: 0, ...spend },
  left: balance,
  ...over,
});

function machine(state: TranslateState = { ...initialTranslateState, settingsLoaded: true }) {
  const m = {
    state,
    effects: [] as TranslateEffect[],
    feed(...events: TranslateEvent[]) {
      m.effects = [];
      for (const event of events) {
        const step = reduceTranslate(m.state, event);
        m.state = step.state;
        m.effects.push(...step.effects);
      }
      return m.effects;
    },
    types: () => m.effects.map((e) => e.type),
  };
  return m;
}

const KEY = jobKey(ALICE, { msgId: 5 }, 'es-es');
const translate: TranslateEvent = { type: 'translate', peerId: ALICE, msgId: 5, lang: 'es-es' };

describe('translating a message', () => {
  it('previews first, asks before the first paid one in a conversation, then translates and hands the text on', () => {
    const m = machine();
    expect(m.feed(translate)).toEqual([{ type: 'preview', key: KEY, job: expect.objectContaining({ lang: 'es-es' }) }]);
    expect(m.state.jobs[KEY]?.status).toBe('previewing');
    expect(m.feed({ type: 'previewed', key: KEY, preview: preview() })).toEqual([]);
    expect(askingOf(m.state)?.[0]).toBe(KEY);
    expect(m.types()).toEqual([]);
    m.feed({ type: 'confirm', key: KEY });
    expect(m.types()).toEqual(['translate']);
    m.feed({ type: 'translated', key: KEY, text: 'hola', balance, charged: 42 });
    expect(m.effects).toEqual([
      { type: 'charged' },
      { type: 'apply', peerId: ALICE, msgId: 5, lang: 'es-es', text: 'hola' },
    ]);
    expect(m.state.jobs[KEY]).toBeUndefined();
    expect(m.state.balance).toEqual(balance);
  });

  it('does not ask again in that conversation while the free allowance pays', () => {
    const m = machine({ ...initialTranslateState, confirmed: [ALICE] });
    m.feed(translate, { type: 'previewed', key: KEY, preview: preview() });
    expect(m.types()).toEqual(['preview', 'translate']);
  });

  it('asks whenever characters or gold would pay, confirmed before or not', () => {
    for (const spend of [{ register: 3 }, { give: 1 }, { buy: 1 }, { giveGold: 1 }, { buyGold: 1 }]) {
      const m = machine({ ...initialTranslateState, confirmed: [ALICE] });
      m.feed(translate, { type: 'previewed', key: KEY, preview: preview({}, spend) });
      expect(m.state.jobs[KEY]?.status).toBe('confirming');
    }
  });

  it('goes straight on when it costs nothing (cached or staff)', () => {
    const m = machine();
    m.feed(translate, { type: 'previewed', key: KEY, preview: preview({ free: true, cost: 42 }) });
    expect(m.types()).toEqual(['preview', 'translate']);
  });

  it('cancel drops the job and charges nothing', () => {
    const m = machine();
    m.feed(translate, { type: 'previewed', key: KEY, preview: preview() }, { type: 'cancel', key: KEY });
    expect(m.state.jobs[KEY]).toBeUndefined();
    expect(m.types()).toEqual(['preview']);
  });

  it('a preview that cannot be paid fails as 402 without asking the server to translate', () => {
    const m = machine();
    m.feed(translate, { type: 'previewed', key: KEY, preview: preview({ enough: false }) });
    expect(m.state.jobs[KEY]).toMatchObject({ status: 'failed', code: 402 });
    expect(m.types()).toEqual(['preview']);
  });

  it('a refusal is kept with its code; trying again starts over; a second ask while running does nothing', () => {
    const m = machine({ ...initialTranslateState, confirmed: [ALICE] });
    m.feed(translate, translate);
    expect(m.types()).toEqual(['preview']);
    m.feed({ type: 'failed', key: KEY, code: 503, message: 'Translation is not available' });
    expect(m.state.jobs[KEY]).toMatchObject({ status: 'failed', code: 503 });
    expect(m.feed(translate).map((e) => e.type)).toEqual(['preview']);
  });

  it('show original toggles per message', () => {
    const m = machine();
    m.feed({ type: 'toggleOriginal', msgId: 5 });
    expect(m.state.original).toEqual([5]);
    m.feed({ type: 'toggleOriginal', msgId: 5 });
    expect(m.state.original).toEqual([]);
  });
});

describe('automatic translation', () => {
  const history = [msg(1, { lang: 'en-us' }), msg(2, { lang: 'en-us' })];
  const look = (messages = history): TranslateEvent => ({
    type: 'messages',
    peerId: ALICE,
    me: ME,
    messages,
    lang: 'es-es',
  });

  it('translates only messages that arrive after it was turned on, and saves the setting', () => {
    const m = machine();
    m.feed(look());
    expect(m.feed({ type: 'setAuto', peerId: ALICE, auto: true, newestId: 2 })).toEqual([
      { type: 'saveSettings', settings: { [ALICE]: { auto: true } } },
    ]);
    m.feed(look());
    expect(m.effects).toEqual([]);
    const mine = msg(3, { senderId: ME, toId: ALICE });
    const already = msg(4, { translations: { 'es-es': 'ya' } });
    const spanish = msg(5, { lang: 'es-es' });
    m.feed(look([...history, mine, already, spanish, msg(6, { lang: 'en-us' })]));
    expect(m.effects).toEqual([{ type: 'preview', key: jobKey(ALICE, { msgId: 6 }, 'es-es'), job: expect.anything() }]);
  });

  it('off: new messages are not translated', () => {
    const m = machine();
    m.feed(look(), look([...history, msg(3)]));
    expect(m.effects).toEqual([]);
  });
});

describe('settings and drafts', () => {
  it('stored settings arrive after a change made meanwhile, which wins', () => {
    const m = machine(initialTranslateState);
    m.feed({ type: 'setLang', peerId: ALICE, lang: 'de-de' });
    m.feed({ type: 'settingsLoaded', settings: { [ALICE]: { auto: true, lang: 'ja-jp' }, 9: { auto: true } } });
    expect(m.state.settings).toEqual({ [ALICE]: { auto: false, lang: 'de-de' }, 9: { auto: true } });
  });

  it('a draft is translated after the same preview and kept with its text until cleared', () => {
    const m = machine({ ...initialTranslateState, confirmed: [ALICE] });
    const key = jobKey(ALICE, { text: '', from: '' }, '');
    m.feed({ type: 'translateDraft', peerId: ALICE, text: 'hello', from: 'en-us', lang: 'es-es' });
    expect(m.effects).toEqual([
      { type: 'preview', key, job: expect.objectContaining({ target: { text: 'hello', from: 'en-us' } }) },
    ]);
    m.feed(
      { type: 'previewed', key, preview: preview() },
      { type: 'translated', key, text: 'hola', balance, charged: 5 },
    );
    expect(m.types()).toEqual(['translate', 'charged']);
    expect(m.state.jobs[key]).toMatchObject({ status: 'done', text: 'hola' });
    m.feed({ type: 'clearDraft', peerId: ALICE });
    expect(m.state.jobs[key]).toBeUndefined();
  });

  it('reset forgets everything of the last session', () => {
    const m = machine();
    m.feed({ type: 'setAuto', peerId: ALICE, auto: true, newestId: 1 }, { type: 'reset' });
    expect(m.state).toEqual(initialTranslateState);
  });
});
