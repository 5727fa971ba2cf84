// `npm run size`: the gzipped JavaScript each route of the built web app loads, read from the Vite manifest
// (apps/web/dist/.vite/manifest.json; run `npm run build` first). Exits non-zero above budget, so CI fails
// when a change makes a page heavier than agreed (docs/decisions/0018-page-weight-and-accessibility.md):
// - the login page (entry + its static imports + the login route's chunk graph) at most 180 KB;
// - every lazy chunk (a route's page, a layout, or a part loaded on demand such as the charts) adds at most
//   100 KB to what the entry already loaded.
// KB = 1024 bytes, gzip level 9 (what the server sends as .gz; brotli is smaller still).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = process.argv[2] ?? 'apps/web/dist';
const LOGIN_BUDGET_KB = 180;
const CHUNK_BUDGET_KB = 100;

/**
 * Pages as a user opens them: the lazy route modules that load together (layouts, then the page), by source
 * path. Every other lazy chunk is still checked on its own against CHUNK_BUDGET_KB.
 */
const SHELL = ['src/app/MainContainer.tsx', 'src/app/shell/EvaluatorShell.tsx'];
const PUBLIC = ['src/app/PublicLayout.tsx'];
const PAGES = [
  { name: 'login', modules: ['src/features/auth/pages/LoginPage.tsx'], budget: LOGIN_BUDGET_KB },
  {
    name: 'client list (after sign-in)',
    modules: [...SHELL, 'src/features/clients/pages/ClientListPage.tsx'],
  },
  { name: 'client view', modules: [...SHELL, 'src/features/clients/pages/ClientViewPage.tsx'] },
  {
    name: 'interaction actions',
    modules: [...SHELL, 'src/features/clients/interactions/pages/InteractionActionsPage.tsx'],
  },
  { name: 'result dashboard', modules: [...SHELL, 'src/features/results/pages/ResultDashboardPage.tsx'] },
  {
    name: 'settings: password',
    modules: [
      ...SHELL,
      'src/features/settings/pages/SettingsLayout.tsx',
      'src/features/settings/pages/ChangePasswordPage.tsx',
    ],
  },
  {
    name: 'questionnaire (participant)',
    modules: ['src/features/questionnaire/pages/QuestionnairePage.tsx'],
  },
  { name: 'report', modules: [...PUBLIC, 'src/features/reports/pages/ReportPage.tsx'] },
];

const manifestPath = join(DIST, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(
    `size: ${manifestPath} is missing; run \`npm run build\` first (vite build with build.manifest: true).`,
  );
  process.exit(2);
}
/** @type {Record<string, { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipCache = new Map();
function gzipBytes(key) {
  const file = manifest[key].file;
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** A chunk and everything it imports statically (what the browser fetches before the chunk runs). */
function closure(keys, into = new Set()) {
  for (const key of keys) {
    if (into.has(key)) continue;
    if (!manifest[key]) throw new Error(`size: ${key} is not in the manifest`);
    into.add(key);
    closure(manifest[key].imports ?? [], into);
  }
  return into;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const sum = (keys) => [...keys].reduce((total, key) => total + gzipBytes(key), 0);
const without = (set, other) => new Set([...set].filter((key) => !other.has(key)));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entry = closure([entryKey]);
const failures = [];

console.log(
  `gzipped JS (KB) of ${DIST}; budgets: login ${LOGIN_BUDGET_KB} KB, each lazy chunk ${CHUNK_BUDGET_KB} KB beyond the entry`,
);
console.log(
  `\n${kb(sum(entry)).padStart(7)}  entry ${manifest[entryKey].file} with its static imports (${entry.size} files)`,
);

console.log('\npages (entry + layouts + page, each with its static imports):');
for (const page of PAGES) {
  const missing = page.modules.filter((src) => !manifest[src]);
  if (missing.length > 0) {
    failures.push(
      `${page.name}: ${missing.join(', ')} not in the manifest (renamed? update PAGES in scripts/size-budget.mjs)`,
    );
    continue;
  }
  const total = closure(page.modules, new Set(entry));
  const bytes = sum(total);
  const over = page.budget !== undefined && bytes > page.budget * 1024;
  if (over) failures.push(`${page.name}: ${kb(bytes)} KB > ${page.budget} KB`);
  const budget = page.budget !== undefined ? ` (budget ${page.budget})` : '';
  console.log(`${kb(bytes).padStart(7)}  ${page.name}${budget}${over ? '  OVER BUDGET' : ''}`);
}

console.log('\nlazy chunks (added to the entry | total with the entry):');
const dynamicKeys = Object.keys(manifest)
  .filter((key) => manifest[key].isDynamicEntry)
  .sort((a, b) => sum(without(closure([b]), entry)) - sum(without(closure([a]), entry)));
for (const key of dynamicKeys) {
  const own = sum(without(closure([key]), entry));
  const total = sum(closure([key], new Set(entry)));
  const over = own > CHUNK_BUDGET_KB * 1024;
  if (over)
    failures.push(`${manifest[key].src ?? key}: ${kb(own)} KB beyond the entry > ${CHUNK_BUDGET_KB} KB`);
  console.log(
    `${kb(own).padStart(7)} | ${kb(total).padStart(6)}  ${manifest[key].src ?? key}${over ? '  OVER BUDGET' : ''}`,
  );
}

if (failures.length > 0) {
  console.error(`\nsize: over budget or out of date:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nsize: every page and chunk is within budget');
