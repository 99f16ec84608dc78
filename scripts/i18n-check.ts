/**
 * Fails when any interface language lacks a real translation: re-extracts first (so a new string cannot hide),
 * then reports every empty msgstr and every non-English msgstr that merely repeats the English text.
 * Run: node scripts/i18n-check.ts
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const SOURCE = 'en-us';
const LOCALES = ['zh-cn', 'de-de', 'ko-kr', 'ru-ru', 'es-es', 'ja-jp', 'zh-tw'];

/** Texts that are rightly the same as English in these languages (brand and loan words). */
const SAME_AS_ENGLISH: Record<string, string[] | '*'> = {
  VIP: '*',
  Amity: '*',
  Chat: ['de-de', 'es-es'],
  Video: ['de-de'],
};

/** Han, kana and Hangul: an English text written in them was never translated. */
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

function unquote(lines: string[]): string {
  return lines.map((l) => JSON.parse(l) as string).join('');
}

/** msgid → msgstr of one .po file (lingui writes plain, unpluralised entries). */
export function parsePo(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n');
    const idAt = lines.findIndex((l) => l.startsWith('msgid '));
    const strAt = lines.findIndex((l) => l.startsWith('msgstr '));
    if (idAt < 0 || strAt < 0) continue;
    const id = unquote([lines[idAt]!.slice(6), ...lines.slice(idAt + 1, strAt)]);
    let end = strAt + 1;
    while (end < lines.length && lines[end]!.startsWith('"')) end++;
    const str = unquote([lines[strAt]!.slice(7), ...lines.slice(strAt + 1, end)]);
    if (id) entries.set(id, str);
  }
  return entries;
}

/** The first-load catalog and the lazily loaded screens' (lingui.config.ts). */
const CATALOGS = ['locale', 'locale/screens'];

function read(dir: string, locale: string): Map<string, string> {
  return parsePo(readFileSync(join(ROOT, dir, `${locale}.po`), 'utf8'));
}

execFileSync(join(ROOT, 'node_modules', '.bin', 'lingui'), ['extract', '--clean'], { cwd: ROOT, stdio: 'ignore' });

let problems = 0;
let messages = 0;
for (const dir of CATALOGS) {
  const english = read(dir, SOURCE);
  messages += english.size;
  for (const locale of LOCALES) {
    const catalog = read(dir, locale);
    const missing: string[] = [];
    const untranslated: string[] = [];
    for (const [id, englishText] of english) {
      const text = catalog.get(id) ?? '';
      const source = englishText || id;
      if (!text.trim()) missing.push(id);
      else if (text === source) {
        const allowed = SAME_AS_ENGLISH[source];
        if (!(allowed === '*' || allowed?.includes(locale))) untranslated.push(id);
      }
    }
    for (const id of missing) console.error(`${dir}/${locale}: missing translation: ${JSON.stringify(id)}`);
    for (const id of untranslated) console.error(`${dir}/${locale}: same as English: ${JSON.stringify(id)}`);
    problems += missing.length + untranslated.length;
  }
  // Some msgids are the product's own Chinese words (docs/product.md, Uploads); English must still read English.
  const notEnglish = [...english].filter(([id, text]) => CJK.test(text || id)).map(([id]) => id);
  for (const id of notEnglish) console.error(`${dir}/${SOURCE}: English text is not English: ${JSON.stringify(id)}`);
  problems += notEnglish.length;
  const englishMissing = [...english].filter(([, text]) => !text.trim()).map(([id]) => id);
  for (const id of englishMissing) console.error(`${dir}/${SOURCE}: empty source text: ${JSON.stringify(id)}`);
  problems += englishMissing.length;
}

if (problems > 0) {
  console.error(`\ni18n-check: ${problems} problem(s) in ${CATALOGS.length * (LOCALES.length + 1)} catalogs.`);
  process.exit(1);
}
console.log(`i18n-check: ${messages} messages translated in all ${LOCALES.length + 1} languages.`);
