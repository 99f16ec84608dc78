import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { MANIFEST, NOT_PRECACHED, PNG_ASSETS, type PngAsset } from './src/app/pwa/manifest.ts';

// scripts/ belongs to the Node project (tsconfig.server.json). A computed specifier keeps tsc's app project from
// pulling scripts/icons.ts in (TS6307); import.meta.url is this file's even after Vite bundles the config.
type IconsScript = { pwaAssets(options: { source: string; assets: readonly PngAsset[] }): Plugin };
const { pwaAssets } = (await import(new URL('./scripts/icons.ts', import.meta.url).href)) as IconsScript;

const SHARED = [
  /src[\\/]ui[\\/]menu\.tsx$/,
  /src[\\/]app[\\/]layout[\\/]language-menu\.tsx$/,
  /protocol[\\/]user\.ts$/,
  // Router hooks beyond the shell's (useLocation, useCanGoBack): a few hundred bytes, not worth a file of their own.
  /node_modules[\\/]@tanstack[\\/]react-router[\\/]/,
];
const MEMBER = [
  /node_modules[\\/]idb-keyval[\\/]/,
  /src[\\/]lib[\\/]storage\.ts$/,
  /src[\\/]ui[\\/]avatar\.tsx$/,
  /src[\\/]features[\\/](chat|search)[\\/]/,
  /src[\\/]features[\\/]account[\\/](index\.ts|constellation\.ts|components[\\/](user-menu|level-badge)\.tsx)$/,
  /src[\\/]app[\\/](layout[\\/](app-layout|header|main-nav|theme-toggle)\.tsx|panel-rules\.ts|theme\.ts)$/,
  /src[\\/]app[\\/]pwa[\\/](app-badge\.ts|install-button\.tsx|pwa-icons\.tsx)$/,
  /src[\\/]routes[\\/]_auth(\.tsx|[\\/]chat\.tsx)\?tsr-split=component$/,
];
/** The open conversation, loaded by components/lazy-message-pane.tsx: left to the automatic split. */
const NOT_MEMBER = [
  /src[\\/]features[\\/]chat[\\/]components[\\/](message-pane|message-bubble|virtual-list|virtual-layout|composer)\.tsx?$/,
  // What only the open conversation uses loads with it (lazy-message-pane.tsx), not with the list.
  /src[\\/]features[\\/]chat[\\/](timeline\.rules|composer\.rules|translate\.reducer|translate\.service)\.ts$/,
  // Lazy screens of chat (shared photos above the composer, video and voice bubbles and tools) and the media code
  // (media.rules, media.capture, media.api) load on their own, after the pane.
  /src[\\/]features[\\/]chat[\\/](screens[\\/]|media\.)/,
];
const matches =
  (list: RegExp[], except: RegExp[] = []) =>
  (id: string) =>
    list.some((re) => re.test(id)) && !except.some((re) => re.test(id));

// NOTE: failOnMissing 'catalog': 'true' resolves through the en-us fallback and so never fails.
// NOTE: plugin-react 6 dropped its `babel` option; lingui macros go through @rolldown/plugin-babel instead.
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui({ failOnMissing: 'catalog', failOnCompileError: true }),
    // Before VitePWA: the PNGs must be in the output when the worker's precache list is globbed.
    pwaAssets({ source: 'public/favicon.svg', assets: PNG_ASSETS }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The app shows its own 'New version available' banner and registers lazily (src/app/pwa/register.ts).
      registerType: 'prompt',
      injectRegister: false,
      manifest: MANIFEST,
      // The icons are already matched by globPatterns; adding them again would duplicate precache entries.
      includeManifestIcons: false,
      injectManifest: {
        // The shell, every route chunk, the eight compiled locale catalogs (assets/<locale>-<hash>.js) and the icons;
        // not the screenshots (install sheets only). The plugin adds manifest.webmanifest itself: globbing it too
        // would list it twice.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        globIgnores: NOT_PRECACHED,
        // Hashed file names already bust caches; workbox must not add its own revision query to them.
        dontCacheBustURLsMatching: /^assets\//,
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports (module scripts, service workers, IndexedDB) has modulepreload: the polyfill
    // was half a KB on every first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Few, larger chunks for what a first load needs: each file costs a request, and small files compress worse
        // (measured: about 4 KB gzip less than the automatic split on /chat).
        codeSplitting: {
          groups: [
            // Everything the entry imports statically: react, the router, jotai, lingui, the route guards.
            { name: 'shell', tags: ['$initial'], priority: 3 },
            // Parts both /login's page and the signed-in header use; kept apart so /login never loads 'member'.
            { name: 'shared', test: matches(SHARED), priority: 2 },
            // The signed-in layout, /chat and the chat service: one file instead of a dozen.
            { name: 'member', test: matches(MEMBER, NOT_MEMBER), priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/h5-api': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
