/**
 * One interface for machine translation; the engine is chosen by TRANSLATE_ENGINE (apertium | libretranslate | none)
 * and TRANSLATE_URL. Engines speak the eight locales and map them to their own language codes; every failure is a
 * TranslateError whose kind the translation service makes 503, 400 or 502 (docs/api.md, Translation), charging nothing.
 */
import type { Locale } from '#protocol/constants.ts';

export type TranslateFailure = 'unavailable' | 'pair' | 'failed';

export class TranslateError extends Error {
  override name = 'TranslateError';
  readonly kind: TranslateFailure;
  constructor(kind: TranslateFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

export const NOT_AVAILABLE = 'Translation is not available';

export function pairMessage(source: Locale | undefined, target: Locale): string {
  return source
    ? `Translation from ${source} to ${target} is not available`
    : `Translation to ${target} is not available from a message of unknown language`;
}

/** A pair resolved to the engine's own codes; `from` undefined means the engine detects the language. */
export interface EnginePair {
  from: string | undefined;
  to: string;
}

export interface TranslateEngine {
  readonly name: 'apertium' | 'libretranslate' | 'none';
  /** The engine's codes for translating `source` (undefined: unknown) into `target`; throws a 'pair' TranslateError. */
  pair(source: Locale | undefined, target: Locale): Promise<EnginePair>;
  translate(text: string, pair: EnginePair): Promise<string>;
  close(): Promise<void>;
}

export const noEngine: TranslateEngine = {
  name: 'none',
  pair: () => Promise.reject(new TranslateError('unavailable', NOT_AVAILABLE)),
  translate: () => Promise.reject(new TranslateError('unavailable', NOT_AVAILABLE)),
  close: async () => {},
};

/** The first candidate code the engine offers for a locale. */
export function pickCode(candidates: readonly string[], offered: (code: string) => boolean): string | undefined {
  return candidates.find(offered);
}

/**
 * fetch with the engine timeout: a timeout or a network error is a 'failed' TranslateError, and so is an answer that
 * is not 2xx (its status and the start of its body go into the message for the log).
 */
export async function fetchEngine(url: string, init: RequestInit, timeoutMs: number, what: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new TranslateError(
      'failed',
      timedOut
        ? `${what} did not answer within ${timeoutMs} ms`
        : `${what} cannot be reached: ${(error as Error).message}`,
      { cause: error },
    );
  }
  let body: string;
  try {
    body = await res.text();
  } catch (error) {
    throw new TranslateError('failed', `${what} broke off its answer`, { cause: error });
  }
  if (!res.ok) throw new TranslateError('failed', `${what} answered ${res.status}: ${body.slice(0, 200)}`);
  try {
    return JSON.parse(body);
  } catch {
    throw new TranslateError('failed', `${what} answered something that is not JSON: ${body.slice(0, 200)}`);
  }
}

/** Loads a list once and keeps it; a failed load is retried on the next call instead of being kept. */
export function cachedLoad<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      pending = load();
      pending.catch(() => {
        pending = undefined;
      });
    }
    return pending;
  };
}
