import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/** The eight interface languages (docs/product.md, Overview); en-us is the source and the fallback. */
export default defineConfig({
  sourceLocale: 'en-us',
  locales: ['zh-cn', 'en-us', 'de-de', 'ko-kr', 'ru-ru', 'es-es', 'ja-jp', 'zh-tw'],
  fallbackLocales: { default: 'en-us' },
  catalogs: [
    {
      path: '<rootDir>/locale/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.*', '**/routeTree.gen.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
