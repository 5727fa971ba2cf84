// The participant entry's build (docs/decisions/0054-participant-entry.md): participant.html and what it imports,
// written into the same dist after the evaluator app's build (vite.config.ts), with a manifest of its own for
// `npm run size`. React is Preact's compatibility layer here (about 4 KB instead of about 60 KB of react-dom): the
// participant pages are written against React's API (and tested with React), and this build swaps the runtime.
// The sign-in page (signin.html) is built here too, as a second input (docs/decisions/0085).
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { deliveryFiles } from './vite-delivery-files';

export default defineConfig({
  plugins: [deliveryFiles({ onlyThisBuild: true })],
  // The evaluator build already copied public/ (favicons) into dist.
  publicDir: false,
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: 'hidden',
    manifest: '.vite/participant-manifest.json',
    rolldownOptions: {
      input: {
        participant: resolve(import.meta.dirname, 'participant.html'),
        // The sign-in page's own light entry (docs/decisions/0085): the same small runtime, its own HTML.
        signin: resolve(import.meta.dirname, 'signin.html'),
      },
    },
  },
});
