/** Engine choice from the environment: TRANSLATE_ENGINE, TRANSLATE_URL and their mistakes. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTranslateEngine } from './translator.ts';

const log = { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} } as unknown as Parameters<
  typeof createTranslateEngine
>[1];

describe('translation config', () => {
  it('defaults to Apertium with a 10 s timeout', () => {
    expect(loadConfig({}).translate).toEqual({
      engine: 'apertium',
      url: undefined,
      apiKey: undefined,
      timeoutMs: 10_000,
    });
  });

  it('refuses an unknown engine, LibreTranslate without a URL, and a URL that is not http(s)', () => {
    expect(() => loadConfig({ TRANSLATE_ENGINE: 'google' })).toThrow(
      /TRANSLATE_ENGINE must be apertium, libretranslate or none/,
    );
    expect(() => loadConfig({ TRANSLATE_ENGINE: 'libretranslate' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRANSLATE_ENGINE: 'libretranslate' })).toThrow(/TRANSLATE_URL must be set/);
    expect(() => loadConfig({ TRANSLATE_URL: 'ftp://x' })).toThrow(/TRANSLATE_URL must start with http/);
    expect(() => loadConfig({ TRANSLATE_TIMEOUT_MS: '0' })).toThrow(/TRANSLATE_TIMEOUT_MS/);
  });

  it('picks the engine the config names; a URL means no child process', async () => {
    const none = createTranslateEngine(loadConfig({ TRANSLATE_ENGINE: 'none' }).translate, log);
    expect(none.name).toBe('none');
    await expect(none.pair(undefined, 'es-es')).rejects.toMatchObject({ kind: 'unavailable' });
    const libre = createTranslateEngine(
      loadConfig({ TRANSLATE_ENGINE: 'libretranslate', TRANSLATE_URL: 'http://127.0.0.1:9/', TRANSLATE_API_KEY: 'k' })
        .translate,
      log,
    );
    expect(libre.name).toBe('libretranslate');
    // Nothing listens on port 9 (discard): the language list cannot load, which is a 502-kind failure.
    await expect(libre.pair('en-us', 'es-es')).rejects.toMatchObject({ kind: 'failed' });
    const apertium = createTranslateEngine(loadConfig({ TRANSLATE_URL: 'http://127.0.0.1:9' }).translate, log);
    expect(apertium.name).toBe('apertium');
    await apertium.close();
  });
});
