/** LibreTranslate over HTTP: `GET /languages` for the pairs, `POST /translate` with q, source, target, format text. */
import type { Locale } from '#protocol/constants.ts';
import {
  cachedLoad,
  type EnginePair,
  fetchEngine,
  pairMessage,
  pickCode,
  type TranslateEngine,
  TranslateError,
} from './engine.ts';

/** Newer LibreTranslate names the two Chinese scripts zh-Hans / zh-Hant, older ones zh / zt. */
export const LIBRETRANSLATE_CODES: Record<Locale, readonly string[]> = {
  'zh-cn': ['zh-Hans', 'zh'],
  'en-us': ['en'],
  'de-de': ['de'],
  'ko-kr': ['ko'],
  'ru-ru': ['ru'],
  'es-es': ['es'],
  'ja-jp': ['ja'],
  'zh-tw': ['zh-Hant', 'zt'],
};

interface Language {
  code: string;
  targets?: string[];
}

export function createLibreTranslateEngine(options: {
  url: string;
  apiKey: string | undefined;
  timeoutMs: number;
}): TranslateEngine {
  const base = options.url.replace(/\/+$/, '');
  const what = 'LibreTranslate';
  const languages = cachedLoad(async () => {
    const list = await fetchEngine(`${base}/languages`, { method: 'GET' }, options.timeoutMs, what);
    if (!Array.isArray(list)) throw new TranslateError('failed', `${what} /languages is not a list`);
    const codes = new Map<string, Set<string> | undefined>();
    for (const l of list as Language[]) {
      if (typeof l?.code === 'string') codes.set(l.code, Array.isArray(l.targets) ? new Set(l.targets) : undefined);
    }
    return codes;
  });

  return {
    name: 'libretranslate',
    async pair(source, target): Promise<EnginePair> {
      const codes = await languages();
      const to = pickCode(LIBRETRANSLATE_CODES[target], (c) => codes.has(c));
      // A language without a `targets` list (older servers) translates into every other one.
      const reaches = (from: string) => to !== undefined && from !== to && (codes.get(from)?.has(to) ?? true);
      if (source === undefined) {
        if (to === undefined) throw new TranslateError('pair', pairMessage(source, target));
        return { from: undefined, to };
      }
      const from = pickCode(LIBRETRANSLATE_CODES[source], (c) => codes.has(c) && reaches(c));
      if (from === undefined || to === undefined) throw new TranslateError('pair', pairMessage(source, target));
      return { from, to };
    },
    async translate(text, pair) {
      const body: Record<string, string> = { q: text, source: pair.from ?? 'auto', target: pair.to, format: 'text' };
      if (options.apiKey) body.api_key = options.apiKey;
      const answer = (await fetchEngine(
        `${base}/translate`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        options.timeoutMs,
        what,
      )) as { translatedText?: unknown };
      if (typeof answer?.translatedText !== 'string') {
        throw new TranslateError('failed', `${what} answered without translatedText`);
      }
      return answer.translatedText;
    },
    close: async () => {},
  };
}
