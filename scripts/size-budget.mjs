// `npm run size`: the gzipped JavaScript each route of the built web app loads, read from the Vite manifest
// (apps/web/dist/.vite/manifest.json; run `npm run build` first). Exits non-zero above budget, so CI fails when a
// change makes a page heavier than agreed (docs/decisions/0018-page-weight-and-accessibility.md):
// - no route adds more than 100 KB to what its parents (the entry, then its layouts) loaded: the route's lazy chunk
//   with its static imports;
// - no single JS file is over 100 KB. Parts a page loads on demand after it has rendered (the dashboard's chart
//   library) are held to this rule only; their total is printed.
// - the participant entry (participant.html: the questionnaire /q/{token}, docs/decisions/0054-participant-entry.md)
//   loads at most 25 KB in all (it holds about 19: a stray runtime import of zod alone adds 26), read from its own
//   manifest (.vite/participant-manifest.json);
// - the sign-in page's own entry (signin.html: /login, docs/decisions/0085) loads at most 25 KB in all, from the same
//   manifest (it was the evaluator app's entry and login chunk: 181 KB, the budget until then).
// KB = 1024 bytes of gzip at level 9 (what the server sends as .gz; brotli is smaller still).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = process.argv[2] ?? 'apps/web/dist';
const ROUTE_BUDGET_KB = 100;
const FILE_BUDGET_KB = 100;
const PARTICIPANT_BUDGET_KB = 25;
const SIGN_IN_BUDGET_KB = 25;

// Lazy modules and the lazy layouts they render in (src paths as in the manifest). A lazy chunk not named here is
// measured against the entry alone, which can only overstate it: name it here with its layouts to see its true cost.
const MAIN = 'src/app/MainContainer.tsx';
const SHELL = [MAIN, 'src/app/shell/EvaluatorShell.tsx'];
const SETTINGS = [...SHELL, 'src/features/settings/pages/SettingsLayout.tsx'];
const PUBLIC = ['src/app/PublicLayout.tsx'];
const DASHBOARD = 'src/features/results/pages/ResultDashboardPage.tsx';
const ROUTES = [
  { name: 'main container', module: MAIN, parents: [] },
  { name: 'evaluator shell', module: SHELL[1], parents: [MAIN] },
  { name: 'product list', module: 'src/features/products/pages/ProductListPage.tsx', parents: SHELL },
  { name: 'client list (home)', module: 'src/features/clients/pages/ClientListPage.tsx', parents: SHELL },
  { name: 'create client', module: 'src/features/clients/pages/CreateClientPage.tsx', parents: SHELL },
  { name: 'client view', module: 'src/features/clients/pages/ClientViewPage.tsx', parents: SHELL },
  {
    name: 'interaction actions',
    module: 'src/features/clients/interactions/pages/InteractionActionsPage.tsx',
    parents: SHELL,
  },
  { name: 'result dashboard', module: DASHBOARD, parents: SHELL },
  {
    name: 'result dashboard: chart library (after the page)',
    module: 'src/features/results/charts/mantine-charts.ts',
    parents: [...SHELL, DASHBOARD],
    onDemand: true,
  },
  { name: 'client comparison', module: 'src/features/comparison/pages/ComparisonPage.tsx', parents: SHELL },
  {
    name: 'client comparison: chart library (after the page)',
    module: 'src/features/comparison/components/mantine-bar-chart.ts',
    parents: [...SHELL, 'src/features/comparison/pages/ComparisonPage.tsx'],
    onDemand: true,
  },
  { name: 'weight profiles', module: 'src/features/weights/pages/WeightsPage.tsx', parents: SHELL },
  { name: 'BI', module: 'src/features/bi/pages/BiPage.tsx', parents: SHELL },
  {
    name: 'BI: chart library (after the page)',
    module: 'src/features/bi/components/mantine-bar-chart.ts',
    parents: [...SHELL, 'src/features/bi/pages/BiPage.tsx'],
    onDemand: true,
  },
  {
    name: 'settings: anonymisation',
    module: 'src/features/anonymisation/pages/AnonymisationSettingsPage.tsx',
    parents: SETTINGS,
  },
  { name: 'teams', module: 'src/features/teams/pages/TeamsPage.tsx', parents: SHELL },
  { name: 'team dashboard', module: 'src/features/teams/pages/TeamDashboardPage.tsx', parents: SHELL },
  { name: 'team comparison', module: 'src/features/teams/pages/TeamComparisonPage.tsx', parents: SHELL },
  {
    name: 'team pages: chart library (after the page)',
    module: 'src/features/teams/components/mantine-bar-chart.ts',
    parents: [...SHELL, 'src/features/teams/pages/TeamDashboardPage.tsx'],
    onDemand: true,
  },
  {
    name: 'repeated measurement',
    module: 'src/features/repeated-measurements/pages/CampaignPage.tsx',
    parents: SHELL,
  },
  { name: 'settings', module: SETTINGS[2], parents: SHELL },
  {
    name: 'settings: password',
    module: 'src/features/settings/pages/ChangePasswordPage.tsx',
    parents: SETTINGS,
  },
  {
    name: 'settings: language',
    module: 'src/features/settings/pages/LanguageSettingsPage.tsx',
    parents: SETTINGS,
  },
  {
    name: 'settings: market history',
    module: 'src/features/market-history/pages/MarketHistorySettingsPage.tsx',
    parents: SETTINGS,
  },
  { name: 'icons', module: 'src/features/internal/pages/IconsPage.tsx', parents: SHELL },
  { name: 'translations', module: 'src/features/internal/pages/TranslationsPage.tsx', parents: SHELL },
  { name: 'public layout', module: PUBLIC[0], parents: [] },
  {
    name: 'e-mail verification',
    module: 'src/features/email-verification/pages/EmailVerificationPage.tsx',
    parents: PUBLIC,
  },
  { name: 'developer mailbox', module: 'src/features/dev-mailbox/pages/DevMailboxPage.tsx', parents: PUBLIC },
];

const manifestPath = join(DIST, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(
    `size: ${manifestPath} is missing; run \`npm run build\` first (vite build with build.manifest: true).`,
  );
  process.exit(2);
}
/** @type {Record<string, { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipCache = new Map();
function gzipBytes(key) {
  const file = manifest[key].file;
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** Chunks and everything they import statically (what the browser fetches before they run), added to `into`. */
function closure(keys, into = new Set()) {
  for (const key of keys) {
    if (into.has(key)) continue;
    into.add(key);
    closure(manifest[key].imports ?? [], into);
  }
  return into;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const sum = (keys) => [...keys].reduce((total, key) => total + gzipBytes(key), 0);
const pad = (text, width = 7) => String(text).padStart(width);

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entry = closure([entryKey]);
const failures = [];

console.log(`gzipped JS in KB of ${DIST}`);
console.log(
  `budgets: a route adds at most ${ROUTE_BUDGET_KB} KB to its parents; one file at most ${FILE_BUDGET_KB} KB; participant and sign-in entries ${PARTICIPANT_BUDGET_KB} and ${SIGN_IN_BUDGET_KB} KB in all`,
);
console.log(
  `\n${pad(kb(sum(entry)))}  entry (${manifest[entryKey].file} with its static imports, ${entry.size} files)`,
);

/** The JS a lazy module adds to what was loaded before it (the entry and its parents), and the total. */
function weigh(module, parents) {
  const before = closure(parents, new Set(entry));
  const after = closure([module], new Set(before));
  return { added: sum(after) - sum(before), total: sum(after) };
}

console.log(`\n${pad('adds')}  ${pad('total')}  route (after its parents)`);
const named = new Set();
for (const route of ROUTES) {
  const missing = [route.module, ...route.parents].filter((src) => !manifest[src]);
  if (missing.length > 0) {
    failures.push(
      `${route.name}: ${missing.join(', ')} not in the manifest (renamed? update ROUTES in scripts/size-budget.mjs)`,
    );
    continue;
  }
  named.add(route.module);
  const { added, total } = weigh(route.module, route.parents);
  const notes = [];
  if (!route.onDemand && added > ROUTE_BUDGET_KB * 1024) notes.push(`adds more than ${ROUTE_BUDGET_KB} KB`);
  if (route.totalBudget !== undefined && total > route.totalBudget * 1024)
    notes.push(`more than ${route.totalBudget} KB in all`);
  for (const note of notes) failures.push(`${route.name}: ${note}`);
  const parents =
    route.parents.length > 0 ? ` (after ${route.parents.map((p) => p.split('/').pop()).join(', ')})` : '';
  const budget = route.totalBudget !== undefined ? ` [budget ${route.totalBudget} KB in all]` : '';
  console.log(
    `${pad(kb(added))}  ${pad(kb(total))}  ${route.name}${parents}${budget}${notes.length ? `  OVER: ${notes.join(', ')}` : ''}`,
  );
}

const others = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && !named.has(key));
if (others.length > 0) console.log('\nother lazy chunks (measured against the entry only):');
for (const key of others) {
  const { added, total } = weigh(key, []);
  const over = added > ROUTE_BUDGET_KB * 1024;
  if (over)
    failures.push(
      `${key}: adds more than ${ROUTE_BUDGET_KB} KB to the entry (name it in ROUTES with its layouts)`,
    );
  console.log(`${pad(kb(added))}  ${pad(kb(total))}  ${key}${over ? '  OVER' : ''}`);
}

// The participant entry: its own build, its own manifest; everything its page loads before it shows.
const participantPath = join(DIST, '.vite', 'participant-manifest.json');
if (!existsSync(participantPath)) {
  failures.push(
    `${participantPath} is missing (the web build runs vite.participant.config.ts after vite.config.ts)`,
  );
} else {
  const participant = JSON.parse(readFileSync(participantPath, 'utf8'));
  const bytes = (list) =>
    list.reduce((total, file) => total + gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length, 0);
  // Each page of this build with what it fetches before it runs (its entry and the entry's static imports).
  const entryOfBuild = (html, name, budget) => {
    if (!participant[html]?.isEntry) return failures.push(`${html} is not an entry of ${participantPath}`);
    const seen = new Set();
    const walk = (key) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const next of participant[key].imports ?? []) walk(next);
    };
    walk(html);
    const files = [...seen].flatMap((key) => [participant[key].file, ...(participant[key].css ?? [])]);
    const js = files.filter((file) => file.endsWith('.js'));
    const over = bytes(js) > budget * 1024;
    if (over) failures.push(`${name}: more than ${budget} KB of JS`);
    console.log(
      `${pad(kb(bytes(js)))}  ${name}: ${js.join(', ')}; CSS ${kb(bytes(files.filter((f) => f.endsWith('.css'))))} KB [budget ${budget} KB in all]${over ? '  OVER' : ''}`,
    );
  };
  console.log('');
  entryOfBuild('participant.html', 'participant entry (questionnaire /q/{token})', PARTICIPANT_BUDGET_KB);
  entryOfBuild('signin.html', 'sign-in entry (/login)', SIGN_IN_BUDGET_KB);
}

const files = Object.keys(manifest).filter((key) => manifest[key].file.endsWith('.js'));
const largest = files.sort((a, b) => gzipBytes(b) - gzipBytes(a));
console.log(
  `\nlargest files: ${largest
    .slice(0, 5)
    .map((key) => `${manifest[key].file} ${kb(gzipBytes(key))}`)
    .join(', ')}`,
);
for (const key of largest.filter((k) => gzipBytes(k) > FILE_BUDGET_KB * 1024)) {
  failures.push(`${manifest[key].file}: ${kb(gzipBytes(key))} KB in one file`);
}

if (failures.length > 0) {
  console.error(`\nsize: over budget or out of date:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nsize: every page, route and file is within budget');
