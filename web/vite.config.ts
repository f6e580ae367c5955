import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built into web/dist and served by the API at /app (src/http/dashboard.ts). No inline
// script may be emitted: the page's Content-Security-Policy forbids it.
export default defineConfig({
  root: import.meta.dirname,
  base: '/app/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
