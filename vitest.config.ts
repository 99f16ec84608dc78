import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The router and PWA plugins stay out: tests import routes and components directly.
export default defineConfig({
  plugins: [react(), babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'protocol/**/*.test.ts',
      'sw/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/lint/**/*.test.ts',
      // The real server against a stand-in push service (it needs NODE_EXTRA_CA_CERTS, so its own process).
      'tests/push/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
