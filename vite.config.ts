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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'shell', tags: ['$initial'], priority: 2 }],
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
