// Client import figures for `npm run bench -- import` (issue 26 point 1): the server as its own process, one
// account, then POST /api/u/import with a generated CSV of IMPORT_ROWS rows (default 100,000; BENCH_IMPORT_ROWS
// overrides): the dry run (read and check every row), the import (all new clients), and the re-import of the same
// file (all matched by external id, so all updated). Prints wall time and rows a second for each.
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createAccount, createUser } from '../apps/server/src/test/factories';
import { createBenchDatabase, signIn, startServerProcess } from './processes';
import { clientCsv } from './client-csv';

const PASSWORD = 'Bench-Import-2026!';
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);

/** POST with node:http: fetch gives up after 300 s without response headers, and PGlite's re-import takes longer. */
async function postForm(url: string, headers: Record<string, string>, form: FormData): Promise<{ ok: boolean; status: number; json: unknown }> {
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-type': encoded.headers.get('content-type')!, 'content-length': String(body.length) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ ok: (res.statusCode ?? 0) < 300, status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    Readable.from([body]).pipe(req);
  });
}

export async function runImportBench() {
  const bench = await createBenchDatabase('import');
  const database = await bench.open();
  const { account, configs } = await createAccount(database.db, { products: ['BQ_RISK'] });
  const email = 'import-admin@bench.example';
  await createUser(database.db, account.id, { email, password: PASSWORD });
  await database.close();
  const server = await startServerProcess(bench, bench.kind === 'postgres' ? 'api' : 'all');
  try {
    const { cookie } = await signIn(server.base, email, PASSWORD);
    const csv = clientCsv(ROWS, 'client');
    console.log(`client import: ${ROWS.toLocaleString('en')} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB CSV (${bench.kind})`);
    const step = async (label: string, dryRun: boolean) => {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(csv)], { type: 'text/csv' }), 'clients.csv');
      const started = performance.now();
      const res = await postForm(`${server.base}/api/u/import?productConfigurationId=${configs[0]!.id}&dryRun=${dryRun}`, { cookie, 'x-source': 'web' }, body);
      const seconds = (performance.now() - started) / 1000;
      const json = res.json as { created?: number; updated?: number; errorCount?: number; durationMs?: number; errorKey?: string };
      if (!res.ok) throw new Error(`${label}: ${res.status} ${json.errorKey}`);
      console.log(
        `${label.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s   ${Math.round(ROWS / seconds).toLocaleString('en').padStart(8)} rows/s   created ${json.created}, updated ${json.updated}, errors ${json.errorCount} (server ${json.durationMs} ms)`,
      );
    };
    await step('dry run (read + check)', true);
    await step('import (all new)', false);
    await step('re-import (all updated)', false);
  } finally {
    await server.stop();
    await bench.drop();
  }
}

// `node --import tsx bench/import.ts` runs this part alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runImportBench();
