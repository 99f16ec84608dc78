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
      exclude: ['**/*.test.*', '**/routeTree.gen.ts', '<rootDir>/src/features/*/screens/**'],
    },
    // Texts only lazily loaded screens show (src/features/<name>/screens/): a catalog of their own, loaded with
    // them by <ScreenCatalog> (src/ui/screen-catalog.tsx), so they add nothing to the first load's catalog.
    {
      path: '<rootDir>/locale/screens/{locale}',
      include: ['<rootDir>/src/features/*/screens/**/*.{ts,tsx}'],
      exclude: ['**/*.test.*'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
