/**
 * The LibreTranslate engine against a stand-in speaking its JSON on 127.0.0.1: all eight locales map to the codes a
 * production server lists (zh-Hans / zh-Hant on newer servers, zh / zt on older ones), an unknown source is sent as
 * `auto`, a missing pair is a 'pair' failure naming it, and a timeout or an error answer is a 'failed' one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '#protocol/constants.ts';
import { loadConfig } from '../../config.ts';
import { createLibreTranslateEngine } from './libretranslate.ts';
import { createTranslateEngine } from './translator.ts';

interface Language {
  code: string;
  name: string;
  targets?: string[];
}

const NEWER = ['en', 'es', 'de', 'ko', 'ru', 'ja', 'zh-Hans', 'zh-Hant'];
const withTargets = (codes: string[]): Language[] =>
  codes.map((code) => ({ code, name: code, targets: codes.filter((c) => c !== code) }));

let languages: Language[] = [];
const bodies: Record<string, unknown>[] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/languages') return send(200, languages);
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw) as Record<string, unknown>;
    bodies.push(body);
    if (String(body.q).includes('HANG')) return; // never answers
    if (String(body.q).includes('FAIL')) return send(500, { error: 'engine exploded' });
    send(200, { translatedText: `${body.source}>${body.target}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const engine = (timeoutMs = 5000) => createLibreTranslateEngine({ url, apiKey: undefined, timeoutMs });

describe('LibreTranslate engine', () => {
  it('reaches every pair of the eight locales on a server listing zh-Hans and zh-Hant', async () => {
    languages = withTargets(NEWER);
    const e = engine();
    const code = {
      'zh-cn': 'zh-Hans',
      'en-us': 'en',
      'de-de': 'de',
      'ko-kr': 'ko',
      'ru-ru': 'ru',
      'es-es': 'es',
      'ja-jp': 'ja',
      'zh-tw': 'zh-Hant',
    } as const;
    for (const source of LOCALES) {
      for (const target of LOCALES) {
        if (source === target) continue;
        expect({ source, target, pair: await e.pair(source, target) }).toEqual({
          source,
          target,
          pair: { from: code[source], to: code[target] },
        });
      }
    }
    expect(await e.translate('你好', await e.pair('zh-tw', 'ja-jp'))).toBe('zh-Hant>ja');
    expect(bodies.at(-1)).toEqual({ q: '你好', source: 'zh-Hant', target: 'ja', format: 'text' });
  });

  it('uses zh and zt on an older server without target lists, and auto for an unknown source', async () => {
    languages = ['en', 'zh', 'zt'].map((code) => ({ code, name: code }));
    const e = engine();
    expect(await e.pair('zh-cn', 'en-us')).toEqual({ from: 'zh', to: 'en' });
    expect(await e.pair('en-us', 'zh-tw')).toEqual({ from: 'en', to: 'zt' });
    expect(await e.pair(undefined, 'zh-cn')).toEqual({ from: undefined, to: 'zh' });
    expect(await e.translate('hi', { from: undefined, to: 'zh' })).toBe('auto>zh');
    expect(bodies.at(-1)).toMatchObject({ source: 'auto', target: 'zh' });
  });

  it('names a pair the server lacks, and a timeout or an error answer is a failure', async () => {
    languages = [
      { code: 'en', name: 'English', targets: ['es'] },
      { code: 'es', name: 'Spanish', targets: ['en'] },
    ];
    const e = engine(300);
    await expect(e.pair('es-es', 'ja-jp')).rejects.toMatchObject({
      kind: 'pair',
      message: 'Translation from es-es to ja-jp is not available',
    });
    await expect(e.pair('ru-ru', 'en-us')).rejects.toMatchObject({ kind: 'pair' });
    const pair = await e.pair('en-us', 'es-es');
    await expect(e.translate('HANG on', pair)).rejects.toMatchObject({
      kind: 'failed',
      message: 'LibreTranslate did not answer within 300 ms',
    });
    await expect(e.translate('FAIL now', pair)).rejects.toMatchObject({
      kind: 'failed',
      message: /LibreTranslate answered 500/,
    });
  });

  it('gives up on a silent engine after 10 s when TRANSLATE_TIMEOUT_MS is not set', { timeout: 30_000 }, async () => {
    languages = withTargets(['en', 'es']);
    const log = { warn() {}, info() {}, error() {}, debug() {} } as unknown as Parameters<
      typeof createTranslateEngine
    >[1];
    const e = createTranslateEngine(
      loadConfig({ TRANSLATE_ENGINE: 'libretranslate', TRANSLATE_URL: url }).translate,
      log,
    );
    const pair = await e.pair('en-us', 'es-es');
    await expect(e.translate('HANG until the timeout', pair)).rejects.toMatchObject({
      kind: 'failed',
      message: 'LibreTranslate did not answer within 10000 ms',
    });
  });
});
