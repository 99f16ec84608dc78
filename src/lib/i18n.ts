/**
 * Interface language: lingui with one lazily loaded catalog per locale, en-us as default and fallback,
 * the choice kept in localStorage under `lang` (docs/product.md, Constants) and mirrored to `<html lang>`.
 */
import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#protocol/constants.ts';

export { i18n };

const LANG_KEY = 'lang';

/** Each language named in itself, so a reader can find theirs whatever is active. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'zh-cn': '简体中文',
  'en-us': 'English',
  'de-de': 'Deutsch',
  'ko-kr': '한국어',
  'ru-ru': 'Русский',
  'es-es': 'Español',
  'ja-jp': '日本語',
  'zh-tw': '繁體中文',
};

/** 'zh-cn' → 'zh-CN': BCP-47 case for `<html lang>` and Intl. */
function toBcp47(locale: Locale): string {
  const [language, region] = locale.split('-');
  return region ? `${language}-${region.toUpperCase()}` : (language ?? locale);
}

/** Accepts our codes in any case plus the short forms the spec keeps for old settings ('zh', 'en'). */
function normalizeLocale(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const lower = value.toLowerCase().replace('_', '-');
  if ((LOCALES as readonly string[]).includes(lower)) return lower as Locale;
  if (lower === 'zh-hant' || lower === 'zh-hk' || lower.startsWith('zh-hant')) return 'zh-tw';
  const base = lower.split('-')[0];
  return LOCALES.find((l) => l.startsWith(`${base}-`)) ?? null;
}

export function detectLocale(): Locale {
  const stored = normalizeLocale(globalThis.localStorage?.getItem(LANG_KEY));
  if (stored) return stored;
  for (const candidate of globalThis.navigator?.languages ?? []) {
    const found = normalizeLocale(candidate);
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}

async function loadCatalog(locale: Locale): Promise<Messages> {
  const { messages } = await import(`../../locale/${locale}.po`);
  return messages as Messages;
}

/** Loads the catalog, activates it, stores the choice and updates `<html lang>`. */
export async function activateLocale(locale: Locale, { remember = true } = {}): Promise<void> {
  let messages: Messages;
  try {
    messages = await loadCatalog(locale);
  } catch {
    // A catalog that cannot load (offline, first visit) falls back to the source language.
    locale = DEFAULT_LOCALE;
    messages = await loadCatalog(locale).catch(() => ({}));
  }
  i18n.loadAndActivate({ locale, messages });
  if (remember) globalThis.localStorage?.setItem(LANG_KEY, locale);
  if (typeof document !== 'undefined') document.documentElement.lang = toBcp47(locale);
}

export function currentLocale(): Locale {
  return (normalizeLocale(i18n.locale) ?? DEFAULT_LOCALE) as Locale;
}
