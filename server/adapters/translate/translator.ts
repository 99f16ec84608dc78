/** Picks the translation engine from the config, starting APY as a child process when it should. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { type ApyProcess, apyInstalled, createApertiumEngine, startApy } from './apertium.ts';
import { NOT_AVAILABLE, noEngine, type TranslateEngine, TranslateError } from './engine.ts';
import { createLibreTranslateEngine } from './libretranslate.ts';

/** How APY is found and started; tests replace them to see what a machine without it, or a failed start, gives. */
export interface ApyLauncher {
  installed: () => boolean;
  start: (options: Parameters<typeof startApy>[0]) => ApyProcess;
}

const debianApy: ApyLauncher = { installed: apyInstalled, start: startApy };

export function createTranslateEngine(
  config: Config['translate'],
  log: FastifyBaseLogger,
  apyLauncher: ApyLauncher = debianApy,
): TranslateEngine {
  if (config.engine === 'none') return noEngine;
  if (config.engine === 'libretranslate') {
    // config.ts refuses libretranslate without a URL.
    return createLibreTranslateEngine({ url: config.url!, apiKey: config.apiKey, timeoutMs: config.timeoutMs });
  }
  if (config.url) return createApertiumEngine({ url: Promise.resolve(config.url), timeoutMs: config.timeoutMs });
  if (!apyLauncher.installed()) {
    log.warn(
      'translation is off: TRANSLATE_URL is unset and Apertium APY is not installed (apt-get install apertium-apy)',
    );
    return noEngine;
  }
  const apy = apyLauncher.start({
    timeoutSec: Math.max(1, Math.ceil(config.timeoutMs / 1000)),
    onLog: (line) => log.debug({ apy: line }, 'apertium-apy'),
  });
  const url = apy.url.then(
    (u) => {
      log.info({ url: u, apyPid: apy.pid }, 'Apertium APY started on loopback');
      return u;
    },
    (error: unknown) => {
      log.error({ err: error }, 'Apertium APY did not start; translation answers 503');
      throw new TranslateError('unavailable', NOT_AVAILABLE, { cause: error });
    },
  );
  url.catch(() => {});
  const engine = createApertiumEngine({ url, timeoutMs: config.timeoutMs });
  return { ...engine, close: () => apy.stop() };
}
