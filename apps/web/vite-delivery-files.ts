// The build's delivery files (docs/decisions/0018-page-weight-and-accessibility.md): source maps moved out of dist
// (hidden: no sourceMappingURL in the files) to dist-sourcemaps/, where nobody can download them, and a .br and a .gz
// beside every compressible file for the server to send as they are. Shared by both web builds (vite.config.ts,
// vite.participant.config.ts).
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** After the bundle is written: source maps out of dist, then a .br and a .gz beside each compressible file. */
export function deliveryFiles(opts: { onlyThisBuild?: boolean } = {}): Plugin {
  let outDir = '';
  let mapsDir = '';
  const written = new Set<string>();
  return {
    name: 'bq-delivery-files',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      mapsDir = `${outDir}-sourcemaps`;
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) written.add(join(outDir, fileName));
    },
    async closeBundle() {
      // A second build into the same dist (the participant entry) handles its own files only.
      if (!opts.onlyThisBuild) await rm(mapsDir, { recursive: true, force: true });
      const all = await filesUnder(outDir);
      const files = opts.onlyThisBuild
        ? all.filter((file) => written.has(file) || written.has(file.replace(/\.map$/, '')))
        : all;
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
