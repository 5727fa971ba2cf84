// Vite build and dev server of the web app. The API is same-origin in production (the server hosts dist/);
// in development /api is proxied to the local server so cookies and the X-Source check behave the same.
// The build (docs/decisions/0018-page-weight-and-accessibility.md) writes a manifest for `npm run size`, writes
// .br and .gz beside every compressible file for the server to send as they are, and moves the source maps out
// of dist (hidden: no sourceMappingURL in the files) to dist-sourcemaps/, where nobody can download them.
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';

const apiProxy = { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } };

// The libraries under @mantine/charts (recharts' d3 parts, state and math helpers) in a chunk of their own, loaded
// in parallel with recharts when a page draws a chart: no single file over the 100 KB budget (npm run size). Only
// libraries no other page uses, and without their dependencies, so nothing else starts depending on this chunk.
const CHART_LIBRARIES =
  /node_modules[\\/](d3-[^\\/]+|victory-vendor|internmap|decimal\.js-light|immer|@reduxjs[\\/]toolkit|redux|redux-thunk|reselect|eventemitter3|es-toolkit|tiny-invariant)[\\/]/;

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** After the bundle is written: source maps out of dist, then a .br and a .gz beside each compressible file. */
function deliveryFiles(): Plugin {
  let outDir = '';
  let mapsDir = '';
  return {
    name: 'bq-delivery-files',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      mapsDir = `${outDir}-sourcemaps`;
    },
    async closeBundle() {
      await rm(mapsDir, { recursive: true, force: true });
      const files = await filesUnder(outDir);
      for (const file of files.filter((f) => f.endsWith('.map'))) {
        const target = join(mapsDir, relative(outDir, file));
        await mkdir(dirname(target), { recursive: true });
        await rename(file, target);
      }
      const compressible = files.filter(
        (f) => COMPRESSIBLE.test(f) && !relative(outDir, f).startsWith('.vite'),
      );
      await Promise.all(
        compressible.map(async (file) => {
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          // A tiny file may grow when compressed; the server then sends it as it is (or compresses on the fly).
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), deliveryFiles()],
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
