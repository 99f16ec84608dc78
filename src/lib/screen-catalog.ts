/**
 * The screens catalog (lingui.config.ts): texts only lazily loaded screens show (src/features/<name>/screens/),
 * kept out of the first load's catalog and loaded here when such a screen first renders. lingui's i18n.load merges
 * them into the active locale's messages; a language switch (i18n.ts loadAndActivate) replaces those messages, so
 * the hook looks again on every change and loads them for the new locale.
 */
import type { Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#protocol/constants.ts';
import { i18n } from './i18n.ts';

const cache = new Map<Locale, Messages>();

async function loadCatalog(locale: Locale): Promise<Messages> {
  const cached = cache.get(locale);
  if (cached) return cached;
  const { messages } = (await import(`../../locale/screens/${locale}.po`)) as { messages: Messages };
  cache.set(locale, messages);
  return messages;
}

function present(locale: string): boolean {
  const messages = cache.get(locale as Locale);
  if (!messages) return false;
  const first = Object.keys(messages)[0];
  return first === undefined || Object.hasOwn(i18n.messages, first);
}

/** Loads the screens' texts into the active locale, for code outside a screen that shows them (push texts). */
export async function ensureScreenCatalog(): Promise<void> {
  const locale = i18n.locale;
  if (present(locale)) return;
  const wanted = (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : DEFAULT_LOCALE;
  const messages = await loadCatalog(wanted);
  if (i18n.locale === locale) i18n.load(locale, messages);
}

/** True once the screens' texts are in the active locale; the caller shows a placeholder until then. */
export function useScreenCatalog(): boolean {
  const { i18n: active } = useLingui();
  const locale = active.locale;
  const ready = present(locale);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a failed load bumps `attempt` to try again.
  useEffect(() => {
    if (ready) return;
    const wanted = (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : DEFAULT_LOCALE;
    let live = true;
    loadCatalog(wanted).then(
      (messages) => live && i18n.locale === locale && i18n.load(locale, messages),
      // Offline on a first visit: retry on the next render rather than show message ids.
      () => live && setTimeout(() => setAttempt((n) => n + 1), 2000),
    );
    return () => {
      live = false;
    };
  }, [ready, locale, attempt]);
  return ready;
}
