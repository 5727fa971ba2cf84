// Vite build and dev server of the web app. The API is same-origin in production (the server hosts dist/);
// in development /api is proxied to the local server so cookies and the X-Source check behave the same.
// The build (docs/decisions/0018-page-weight-and-accessibility.md) writes a manifest for `npm run size`, writes
// .br and .gz beside every compressible file for the server to send as they are, and moves the source maps out
// of dist (hidden: no sourceMappingURL in the files) to dist-sourcemaps/, where nobody can download them.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import { deliveryFiles } from './vite-delivery-files';
import { PARTICIPANT_PATH } from './src/participant/participant-paths';

const SIGN_IN_PATH = /^\/login\/?$/;

const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

// The libraries under @mantine/charts (recharts' d3 parts, state and math helpers) in a chunk of their own, loaded
// in parallel with recharts when a page draws a chart: no single file over the 100 KB budget (npm run size). Only
// libraries no other page uses, and without their dependencies, so nothing else starts depending on this chunk.
const CHART_LIBRARIES =
  /node_modules[\\/](d3-[^\\/]+|victory-vendor|internmap|decimal\.js-light|immer|@reduxjs[\\/]toolkit|redux|redux-thunk|reselect|eventemitter3|es-toolkit|tiny-invariant)[\\/]/;

/** The dev server answers the participant paths with participant.html, as the server does in production. */
function participantPages(): Plugin {
  return {
    name: 'bq-participant-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = req.url?.split('?')[0] ?? '';
        if (PARTICIPANT_PATH.test(path)) req.url = '/participant.html';
        // The sign-in page's own light entry (docs/decisions/0085).
        else if (SIGN_IN_PATH.test(path)) req.url = '/signin.html';
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), participantPages(), deliveryFiles()],
  css: { postcss: { plugins: [postcssPresetMantine()] } },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    manifest: true,
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'chart-libraries', test: CHART_LIBRARIES, includeDependenciesRecursively: false },
            // The entry's libraries in files of their own, so no single file passes the 100 KB budget (the bundler
            // otherwise folds them into the entry file once every page shares them).
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'tanstack-query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
});
