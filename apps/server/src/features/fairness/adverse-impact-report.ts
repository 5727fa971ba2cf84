// GET /api/fairness/{product}/adverse-impact (docs/decisions/0051, 0052, 0078): per category and per the intersection of
// sex and ethnic group, the number assessed, the selection rate, the impact ratio against the group with the highest
// rate, the four-fifths flag, Fisher's exact p against that group and a small-sample warning; for scores also Local
// Law 144's scoring rate. Only aggregates leave this file, each over at least k people (disclosure-guard.ts); every
// answer records the cells it showed, so that later answers can be held against it.
import { and, eq } from 'drizzle-orm';
import {
  PREFER_NOT_TO_SAY,
  type FairnessBasis,
  type FairnessProduct,
  type SelfIdCategory,
  type TAdverseImpactGroup,
  type TAdverseImpactQuery,
  type TAdverseImpactReport,
  type TSelfIdentificationSettings,
} from '@bq/contracts/fairness';
import { adverseImpact, median } from '@bq/scoring/adverse-impact';
import type { Db } from '../../db/client';
import { fairnessReportReleases } from '../../db/schema';
import { anonymityFloorFor } from '../teams/anonymity-floor';
import { fitOfResult } from '../weights/weights-service';
import { applyGuard, fingerprints, type GuardCell, type Line, type Member } from './disclosure-guard';
import { loadPopulation, type PersonRow } from './report-population';
import { selfIdentificationSettings } from './self-identification-settings';

export const DEFAULT_THRESHOLD = { fit: 60, stanine: 5 } as const;
const NOT_STATED = 'NOT_STATED';
const INTERSECTION: readonly [SelfIdCategory, SelfIdCategory] = ['sex', 'ethnicGroup'];

interface Scored extends Member {
  person: PersonRow;
  score: number | null;
}

/** The person's score on the basis, or undefined when the basis does not apply to them (left out of the report). */
function scoreOf(person: PersonRow, basis: FairnessBasis): number | null | undefined {
  if (basis === 'decision') return person.decision === null ? undefined : null;
  if (basis === 'fit') {
    if (!person.profileWeights) return undefined;
    return fitOfResult(person.profileWeights, person.results).fit ?? undefined;
  }
  const stanines = person.results.dimensions.filter((d) => d.computable && typeof d.stanine === 'number').map((d) => d.stanine!);
  return stanines.length ? stanines.reduce((a, b) => a + b, 0) / stanines.length : undefined;
}

/** How many people each basis would count: what the account has data for (decision 0078). */
function availableOf(people: readonly PersonRow[]): TAdverseImpactReport['available'] {
  const count = (basis: FairnessBasis) => people.filter((p) => scoreOf(p, basis) !== undefined).length;
  return { candidates: people.length, decided: count('decision'), fit: count('fit'), stanine: count('stanine') };
}

/**
 * The basis when the request names none: decisions once any is recorded (what the four-fifths rule is about);
 * before that the score basis most candidates have, fit on a tie (it is what the account weighted), so a new
 * account's report opens on the results it has rather than on "0 assessed".
 */
export function chosenBasis(available: TAdverseImpactReport['available']): FairnessBasis {
  if (available.decided > 0) return 'decision';
  if (available.fit === 0 && available.stanine === 0) return 'decision';
  return available.fit >= available.stanine ? 'fit' : 'stanine';
}

const stated = (value: string | null) => (value === null || value === PREFER_NOT_TO_SAY ? null : value);

function labelOf(settings: TSelfIdentificationSettings, category: SelfIdCategory, code: string): string | null {
  return settings.categories.find((c) => c.category === category)?.options.find((o) => o.code === code)?.label ?? null;
}

/** The codes of a category: the account's options, then any code stated before the options were changed. */
function codesOf(settings: TSelfIdentificationSettings, category: SelfIdCategory, people: readonly Scored[]): string[] {
  const codes = settings.categories.find((c) => c.category === category)?.options.map((o) => o.code) ?? [];
  for (const p of people) {
    const code = stated(p.person[category]);
    if (code && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

interface TableDraft {
  key: string;
  categories: SelfIdCategory[];
  groups: { cell: GuardCell; codes: string[]; labels: (string | null)[] }[];
  notStated: GuardCell;
}

function draftTables(settings: TSelfIdentificationSettings, people: Scored[]): { tables: TableDraft[]; lines: Line[] } {
  const asked = settings.categories.filter((c) => c.asked || people.some((p) => stated(p.person[c.category]))).map((c) => c.category);
  const tables: TableDraft[] = [];
  const lines: Line[] = [];
  const cell = (key: string, members: Scored[], alwaysHidden = false): GuardCell => ({ key, members, hidden: null, alwaysHidden });
  for (const category of asked) {
    const groups = codesOf(settings, category, people).map((code) => ({
      cell: cell(`${category}|${code}`, people.filter((p) => stated(p.person[category]) === code)),
      codes: [code],
      labels: [labelOf(settings, category, code)],
    }));
    const notStated = cell(`${category}|${NOT_STATED}`, people.filter((p) => !stated(p.person[category])));
    tables.push({ key: category, categories: [category], groups, notStated });
    lines.push([...groups.map((g) => g.cell), notStated]);
  }
  const [rowCategory, columnCategory] = INTERSECTION;
  if (asked.includes(rowCategory) && asked.includes(columnCategory)) {
    const key = `${rowCategory}×${columnCategory}`;
    const rows = codesOf(settings, rowCategory, people);
    const columns = codesOf(settings, columnCategory, people);
    const groups = rows.flatMap((r) =>
      columns.map((c) => ({
        cell: cell(`${key}|${r}|${c}`, people.filter((p) => stated(p.person[rowCategory]) === r && stated(p.person[columnCategory]) === c)),
        codes: [r, c],
        labels: [labelOf(settings, rowCategory, r), labelOf(settings, columnCategory, c)],
      })),
    );
    const notStated = cell(`${key}|${NOT_STATED}`, people.filter((p) => !stated(p.person[rowCategory]) || !stated(p.person[columnCategory])), true);
    // Each row's total is the row category's group, each column's the column category's: the people of a row who
    // did not state the column category (and the other way round) are never shown, but they are part of that total.
    for (const r of rows) {
      const missing = people.filter((p) => stated(p.person[rowCategory]) === r && !stated(p.person[columnCategory]));
      lines.push([...groups.filter((g) => g.codes[0] === r).map((g) => g.cell), cell(`${key}|${r}|-`, missing, true)]);
    }
    for (const c of columns) {
      const missing = people.filter((p) => stated(p.person[columnCategory]) === c && !stated(p.person[rowCategory]));
      lines.push([...groups.filter((g) => g.codes[1] === c).map((g) => g.cell), cell(`${key}|-|${c}`, missing, true)]);
    }
    lines.push([...groups.map((g) => g.cell), notStated]);
    tables.push({ key, categories: [rowCategory, columnCategory], groups, notStated });
  }
  return { tables, lines };
}

function figures(draft: TableDraft, scoreBasis: boolean): TAdverseImpactGroup[] {
  const shown = draft.groups.filter((g) => g.cell.hidden === null);
  const byKey = new Map(
    adverseImpact(shown.map((g) => ({ key: g.cell.key, assessed: g.cell.members.length, selected: g.cell.members.filter((m) => m.selected).length }))).map((f) => [f.key, f]),
  );
  const scoringRate = (g: (typeof shown)[number]) => g.cell.members.filter((m) => m.aboveMedian).length / g.cell.members.length;
  const topScoring = scoreBasis && shown.length ? Math.max(...shown.map(scoringRate)) : 0;
  return draft.groups.map((g) => {
    const f = byKey.get(g.cell.key);
    const base = { key: g.codes.join('|'), labels: g.labels };
    if (!f) {
      return {
        ...base, shown: g.cell.hidden ?? 'TOO_FEW', assessed: null, selected: null, selectionRate: null, impactRatio: null,
        fourFifthsFlag: null, fisherP: null, smallSample: null, isReference: false, scoringRate: null, scoringImpactRatio: null,
      };
    }
    const rate = scoreBasis ? scoringRate(g) : null;
    return {
      ...base, shown: 'SHOWN', assessed: f.assessed, selected: f.selected, selectionRate: f.selectionRate, impactRatio: f.impactRatio,
      fourFifthsFlag: f.fourFifthsFlag, fisherP: f.fisherP, smallSample: f.smallSample, isReference: f.isReference,
      scoringRate: rate, scoringImpactRatio: rate === null || topScoring === 0 ? null : rate / topScoring,
    };
  });
}

export async function adverseImpactReport(db: Db, accountId: string, productType: FairnessProduct, query: TAdverseImpactQuery): Promise<TAdverseImpactReport> {
  const [people, settings, k] = await Promise.all([
    loadPopulation(db, accountId, productType, query),
    selfIdentificationSettings(db, accountId),
    anonymityFloorFor(db, accountId),
  ]);
  const available = availableOf(people);
  const basis = query.basis ?? chosenBasis(available);
  const threshold = basis === 'decision' ? null : (query.threshold ?? DEFAULT_THRESHOLD[basis]);
  const eligible = people.flatMap((person) => {
    const score = scoreOf(person, basis);
    return score === undefined ? [] : [{ person, score }];
  });
  const mid = basis === 'decision' ? null : median(eligible.map((p) => p.score!));
  const scored: Scored[] = eligible.map(({ person, score }) => ({
    person,
    score,
    instanceId: person.instanceId,
    selected: basis === 'decision' ? person.decision === 'advance' : score! >= threshold!,
    aboveMedian: mid === null ? null : score! > mid,
  }));
  const { tables, lines } = draftTables(settings, scored);
  const released = await db
    .select({ cells: fairnessReportReleases.cells })
    .from(fairnessReportReleases)
    .where(and(eq(fairnessReportReleases.accountId, accountId), eq(fairnessReportReleases.productType, productType)));
  const cells = tables.flatMap((t) => [...t.groups.map((g) => g.cell), t.notStated]);
  applyGuard(cells, lines, k, released.map((r) => r.cells));
  const shownCells = Object.fromEntries(cells.filter((c) => !c.alwaysHidden && c.hidden === null).map((c) => [c.key, fingerprints(c)]));
  if (Object.keys(shownCells).length) await db.insert(fairnessReportReleases).values({ accountId, productType, cells: shownCells });
  return {
    productType,
    basis,
    threshold,
    from: query.from ?? null,
    to: query.to ?? null,
    campaignId: query.campaignId ?? null,
    profileId: query.profileId ?? null,
    k,
    assessed: scored.length,
    available,
    basisChosen: query.basis === undefined,
    median: mid,
    tables: tables.map((t) => ({
      key: t.key,
      categories: t.categories,
      groups: figures(t, basis !== 'decision'),
      notStated: t.notStated.alwaysHidden || t.notStated.hidden !== null ? null : t.notStated.members.length,
    })),
    generatedAt: new Date().toISOString(),
  };
}
