/** The translation runner: effects performed over a fake API, results and refusals fed back as events. */
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#lib/http.ts';
import type { TransPreview } from '#protocol/translation.ts';
import { ALICE } from './test-fixtures.ts';
import { jobKey } from './translate.reducer.ts';
import { createTranslator, type translateApi, translateAtom } from './translate.service.ts';

const left = { characterCount: 0, dayCharacterCount: 1490, buyGoldCount: 0, giveGoldCount: 0 };
const cheap: TransPreview = {
  cost: 10,
  free: false,
  enough: true,
  spend: { day: 10, register: 0, give: 0, buy: 0, giveGold: 0, buyGold: 0 },
  left,
};
const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(over: Partial<typeof translateApi>) {
  const store = createStore();
  const apply = vi.fn();
  const onCharged = vi.fn();
  const api = {
    preview: vi.fn(async () => cheap),
    translate: vi.fn(async () => ({ msgId: 5, lang: 'en-us', text: 'hello', charged: 10, ...left })),
    loadSettings: vi.fn(async () => ({ [ALICE]: { auto: true } })),
    saveSettings: vi.fn(async () => {}),
    ...over,
  };
  const translator = createTranslator({ store, apply, onCharged, api });
  return { store, apply, onCharged, api, translator };
}

describe('translator', () => {
  it('loads the stored settings, previews, asks, translates and hands the text to the chat core', async () => {
    const { store, apply, onCharged, api, translator } = setup({});
    await flush();
    expect(store.get(translateAtom).settings).toEqual({ [ALICE]: { auto: true } });
    translator.dispatch({ type: 'translate', peerId: ALICE, msgId: 5, lang: 'en-us' });
    await flush();
    const key = jobKey(ALICE, { msgId: 5 }, 'en-us');
    expect(store.get(translateAtom).jobs[key]?.status).toBe('confirming');
    translator.dispatch({ type: 'confirm', key });
    await flush();
    expect(api.translate).toHaveBeenCalledOnce();
    expect(apply).toHaveBeenCalledWith(ALICE, 5, 'en-us', 'hello');
    expect(onCharged).toHaveBeenCalledOnce();
    expect(store.get(translateAtom).balance).toEqual(left);
  });

  it('a refusal keeps its code on the job (402 here), never silently', async () => {
    const { store, translator, apply } = setup({
      preview: vi.fn(async () => {
        throw new ApiError(402, 'Not enough characters or gold to translate this');
      }),
    });
    translator.dispatch({ type: 'translate', peerId: ALICE, msgId: 5, lang: 'en-us' });
    await flush();
    expect(store.get(translateAtom).jobs[jobKey(ALICE, { msgId: 5 }, 'en-us')]).toMatchObject({
      status: 'failed',
      code: 402,
    });
    expect(apply).not.toHaveBeenCalled();
  });
});
