// PDF figures for `npm run bench`: the realistic German BQA report (dimensions, risk profile, charts I-IV,
// prediction; about five A4 pages) rendered by the server's renderer as `npm start` runs it, i.e. bundled by esbuild
// with npm packages external like apps/server/build.mjs does. Bundling also gives the .tsx files their JSX
// setting from apps/server/tsconfig.json, which tsx started from the repository root does not read. One first
// render (fonts loaded, caches cold), then RUNS timed renders; a measurement, not a pass/fail test.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { PageFormat, TReportContent } from '@bq/contracts/reports';
import { germanBqaReport } from '../apps/server/src/features/reports/pdf/test-content';

type RenderReportPdf = (content: TReportContent, opts: { pageFormat: PageFormat }) => Promise<Buffer>;

const RUNS = 50;
const ENTRY = fileURLToPath(
  new URL('../apps/server/src/features/reports/pdf/render-report.tsx', import.meta.url),
);
// Under the repository's .tmp/ (git-ignored) so the bundle resolves react-pdf and the fonts from node_modules.
const OUTFILE = fileURLToPath(new URL('../.tmp/bench/render-report.mjs', import.meta.url));

// The same rule as apps/server/build.mjs: workspace packages are bundled, npm packages stay external.
const externaliseNpmPackages: Plugin = {
  name: 'externalise-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@bq/') ? undefined : { path: args.path, external: true },
    );
  },
};

async function bundledRenderer(): Promise<RenderReportPdf> {
  await build({
    entryPoints: [ENTRY],
    outfile: OUTFILE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [externaliseNpmPackages],
  });
  const bundle = (await import(pathToFileURL(OUTFILE).href)) as { renderReportPdf: RenderReportPdf };
  return bundle.renderReportPdf;
}

export async function runPdfBench(): Promise<void> {
  const renderReportPdf = await bundledRenderer();
  const content = germanBqaReport();
  const start = performance.now();
  const first = await renderReportPdf(content, { pageFormat: 'A4' });
  const firstMs = performance.now() - start;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await renderReportPdf(content, { pageFormat: 'A4' });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const worst = times[times.length - 1]!;
  console.log(
    `${'German BQA report, A4'.padEnd(52)} first ${firstMs.toFixed(0).padStart(6)} ms   median ${median.toFixed(0).padStart(6)} ms   worst ${worst.toFixed(0).padStart(6)} ms   (${RUNS} runs, ${(first.length / 1024).toFixed(0)} KB)`,
  );
}

// `node --import tsx bench/pdf.ts` runs this part alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runPdfBench();
