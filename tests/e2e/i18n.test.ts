/**
 * The login page in each of the eight languages: every visible text differs from the English page (only brand
 * and language names may be the same), and <html lang> follows the choice.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { type Browser, openBrowser } from '../support/browser.ts';

const LOCALES = ['zh-cn', 'en-us', 'de-de', 'ko-kr', 'ru-ru', 'es-es', 'ja-jp', 'zh-tw'];
const HTML_LANG: Record<string, string> = {
  'zh-cn': 'zh-CN',
  'en-us': 'en-US',
  'de-de': 'de-DE',
  'ko-kr': 'ko-KR',
  'ru-ru': 'ru-RU',
  'es-es': 'es-ES',
  'ja-jp': 'ja-JP',
  'zh-tw': 'zh-TW',
};
/** Texts that are the same in every language on purpose: the brand and each language's own name. */
const SAME_EVERYWHERE = new Set([
  'Amity',
  '简体中文',
  'English',
  'Deutsch',
  '한국어',
  'Русский',
  'Español',
  '日本語',
  '繁體中文',
]);

let server: AppServer;
let browser: Browser;

before(async () => {
  server = await startAppServer();
  browser = await openBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function loginTexts(locale: string): Promise<{ texts: Set<string>; htmlLang: string | null }> {
  const page = await browser.context.newPage();
  await page.addInitScript((lang) => localStorage.setItem('lang', lang), locale);
  await page.goto(`${server.url}/login`);
  await page.locator('form').first().waitFor();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, HTML_LANG[locale]);
  const { texts, htmlLang } = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest('[aria-hidden="true"]') || !el.checkVisibility({ visibilityProperty: true })) continue;
      const t = n.textContent?.trim();
      if (t) out.push(t);
    }
    for (const el of document.querySelectorAll('[placeholder],[aria-label],[title]')) {
      for (const attr of ['placeholder', 'aria-label', 'title']) {
        const v = el.getAttribute(attr)?.trim();
        if (v) out.push(v);
      }
    }
    out.push(document.title);
    return { texts: out, htmlLang: document.documentElement.getAttribute('lang') };
  });
  await page.close();
  return { texts: new Set(texts), htmlLang };
}

test('the login page is translated in every language', async () => {
  const english = await loginTexts('en-us');
  assert.ok(english.texts.has('Sign in'), 'the English login page shows "Sign in"');
  for (const locale of LOCALES) {
    if (locale === 'en-us') continue;
    const { texts, htmlLang } = await loginTexts(locale);
    assert.equal(htmlLang, HTML_LANG[locale]);
    const untranslated = [...texts].filter((t) => english.texts.has(t) && !SAME_EVERYWHERE.has(t) && /\p{L}/u.test(t));
    assert.deepEqual(untranslated, [], `${locale}: texts left in English`);
  }
});
