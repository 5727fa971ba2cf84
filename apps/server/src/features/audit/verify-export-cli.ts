// `npm run audit:verify -- --file export.jsonl --keys keys.json`: verifies an export of the audit trail (GET
// /api/audit/events/export?format=jsonl) against the published keys (the body of GET /api/audit/keys), with no access
// to the server, its database or any secret (docs/decisions/0071). Exit code 0: intact; 1: broken (the report names
// the first broken line); 2: the command was used wrongly; 3: an excerpt (a filtered export) in which nothing was found
// wrong, which is not proof that the trail is complete.
import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { describeReport, verifyExportLines, type PublishedKeys } from './verify-export';

function usage(message: string): never {
  console.error(`${message}\nusage: npm run audit:verify -- --file export.jsonl --keys keys.json`);
  process.exit(2);
}

let values: { file?: string; keys?: string };
try {
  ({ values } = parseArgs({ options: { file: { type: 'string' }, keys: { type: 'string' } } }));
} catch (err) {
  usage((err as Error).message);
}
if (!values.file) usage('--file is missing');
if (!values.keys) usage('--keys is missing');
// npm runs the script in apps/server; a relative path means the folder where the command was typed (INIT_CWD). Read
// here, not through src/config.ts: this command runs for anyone, without the server's configuration.
// eslint-disable-next-line no-restricted-properties
const base = process.env.INIT_CWD ?? process.cwd();
const file = resolve(base, values.file);
const keysFile = resolve(base, values.keys);
let keys: PublishedKeys;
try {
  keys = JSON.parse(readFileSync(keysFile, 'utf8')) as PublishedKeys;
  if (!Array.isArray(keys.keys)) throw new Error('no "keys" array');
} catch (err) {
  usage(`cannot read the keys file ${values.keys}: ${(err as Error).message}`);
}
const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
try {
  const report = await verifyExportLines(lines, keys);
  console.log(`file:        ${values.file}`);
  console.log(describeReport(report));
  process.exitCode = !report.ok ? 1 : report.excerpt ? 3 : 0;
} catch (err) {
  usage(`cannot read ${values.file}: ${(err as Error).message}`);
}
