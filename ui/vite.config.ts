import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console is served by `estate serve` under /ui/ from dist/console (src/console/console.module.ts).
export default defineConfig({
  root: 'ui',
  base: '/ui/',
  plugins: [react()],
  build: {
    outDir: '../dist/console',
    emptyOutDir: true,
    // No inline scripts: the pages' Content-Security-Policy allows only the console's own files.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    // The chart library's chunk (~550 KB, ~155 KB compressed) loads only with the first dashboard.
    chunkSizeWarningLimit: 600,
  },
});
