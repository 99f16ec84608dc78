/**
 * Apertium APY over HTTP (`/listPairs`, `/translate?langpair=…`), and the APY child process the server starts when
 * TRANSLATE_URL is unset: Debian's apertium-apy run by /usr/bin/python3 through apy-loopback.py, which makes it
 * listen on 127.0.0.1 only and leave with its parent.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

/** ISO 639-3 codes as APY names its pairs; a regional mode (eng_US) is preferred where it exists. */
export const APERTIUM_CODES: Record<Locale, readonly string[]> = {
  'zh-cn': ['zho', 'cmn'],
  'en-us': ['eng_US', 'eng'],
  'de-de': ['deu'],
  'ko-kr': ['kor'],
  'ru-ru': ['rus'],
  'es-es': ['spa'],
  'ja-jp': ['jpn'],
  'zh-tw': ['zho_TW', 'zho', 'cmn'],
};

export const APY_PYTHON = '/usr/bin/python3';
export const APY_MODES_DIR = '/usr/share/apertium/modes';
const WRAPPER = fileURLToPath(new URL('./apy-loopback.py', import.meta.url));
const START_TIMEOUT_MS = 30_000;

export function createApertiumEngine(options: { url: Promise<string>; timeoutMs: number }): TranslateEngine {
  const what = 'Apertium APY';
  const pairs = cachedLoad(async () => {
    const base = await options.url;
    const answer = (await fetchEngine(`${base}/listPairs`, { method: 'GET' }, options.timeoutMs, what)) as {
      responseData?: { sourceLanguage: string; targetLanguage: string }[];
    };
    if (!Array.isArray(answer?.responseData)) throw new TranslateError('failed', `${what} /listPairs has no pairs`);
    return new Set(answer.responseData.map((p) => `${p.sourceLanguage}|${p.targetLanguage}`));
  });

  return {
    name: 'apertium',
    async pair(source, target): Promise<EnginePair> {
      const offered = await pairs();
      const targets = APERTIUM_CODES[target];
      // APY cannot detect a language: an unknown source works only when a single source reaches the target.
      const sources = source
        ? APERTIUM_CODES[source]
        : [...new Set([...offered].map((p) => p.split('|')[0]!))].filter((s) =>
            targets.some((t) => offered.has(`${s}|${t}`)),
          );
      if (!source && sources.length !== 1) throw new TranslateError('pair', pairMessage(source, target));
      for (const from of sources) {
        const to = pickCode(targets, (t) => offered.has(`${from}|${t}`));
        if (to) return { from, to };
      }
      throw new TranslateError('pair', pairMessage(source, target));
    },
    async translate(text, pair) {
      const base = await options.url;
      const query = new URLSearchParams({
        langpair: `${pair.from}|${pair.to}`,
        q: text,
        format: 'txt',
        markUnknown: 'no',
      });
      const answer = (await fetchEngine(`${base}/translate?${query}`, { method: 'GET' }, options.timeoutMs, what)) as {
        responseData?: { translatedText?: unknown };
      };
      const translated = answer?.responseData?.translatedText;
      if (typeof translated !== 'string') throw new TranslateError('failed', `${what} answered without translatedText`);
      // APY's txt reformatter ends the text with the newline its pipeline added.
      return text.endsWith('\n') ? translated : translated.replace(/\n$/, '');
    },
    close: async () => {},
  };
}

export interface ApyProcess {
  /** http://127.0.0.1:<port> once APY listens; rejects when it is missing or fails to start. */
  url: Promise<string>;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Whether Debian's apertium-apy can run here: python, the package and at least one installed pair. */
export function apyInstalled(): boolean {
  return (
    existsSync(APY_PYTHON) && existsSync('/usr/lib/python3/dist-packages/apertium_apy') && existsSync(APY_MODES_DIR)
  );
}

/** Starts APY on 127.0.0.1 at a free port; `stop()` (also run on process exit) ends it. */
export function startApy(options: {
  timeoutSec: number;
  onLog?: (line: string) => void;
  /** A command that runs APY's command line (tests: `unshare -n …` for a network namespace of their own). */
  launcher?: string[];
}): ApyProcess {
  const command = [APY_PYTHON, WRAPPER, '-p', '0', '-j', '1', '-t', String(options.timeoutSec), APY_MODES_DIR];
  const [file, ...args] = [...(options.launcher ?? []), ...command] as [string, ...string[]];
  const child: ChildProcess = spawn(file, args, {
    // APY refuses to start without a UTF-8 locale.
    env: { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      process.removeListener('exit', killOnExit);
      resolve();
    });
    child.once('error', () => {
      process.removeListener('exit', killOnExit);
      resolve();
    });
  });
  const tail: string[] = [];
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`Apertium APY did not start within ${START_TIMEOUT_MS / 1000} s: ${tail.join(' | ')}`));
      child.kill('SIGKILL');
    }, START_TIMEOUT_MS);
    timer.unref();
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const port = /APY_PORT=(\d+)/.exec(out);
      const missing = /APY_MISSING=(.*)/.exec(out);
      if (port) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port[1]}`);
      } else if (missing) {
        clearTimeout(timer);
        reject(
          new Error(`Apertium APY is not installed (${missing[1]}): apt-get install apertium-apy apertium-eng-spa`),
        );
      }
      if (out.length > 4096) out = out.slice(-1024);
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) {
        tail.push(line);
        if (tail.length > 5) tail.shift();
        options.onLog?.(line);
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`Apertium APY could not be started with ${APY_PYTHON}: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`Apertium APY stopped (${signal ?? `exit ${code}`}): ${tail.join(' | ')}`));
    });
  });
  // A start failure is reported by whoever awaits `url`; it must not become an unhandled rejection meanwhile.
  url.catch(() => {});
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
      await exited;
      clearTimeout(timer);
    },
  };
}
