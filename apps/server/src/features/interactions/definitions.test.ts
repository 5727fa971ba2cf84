// The shipped interaction definitions: one interaction per product with every version loaded, shared blocks
// assembled, complete texts in every locale, and a schema that refuses the mistakes that would silently break scoring.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZInteractionDefinition, type TInteractionDefinition } from '@bq/contracts/interaction-definition';
import { LOCALES } from '@bq/domain/locales';
import { PRODUCT_TYPES, PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { paths } from '../../paths';
import {
  DEFAULT_DEFINITIONS_DIR,
  type DefinitionTextType,
  definitionForProduct,
  definitionVersions,
  getInteractionDefinition,
  loadInteractionDefinitions,
  translationKeysOf,
} from './definitions';

const definitions = loadInteractionDefinitions();
/** Every version of every interaction: old versions must stay valid and keep their texts. */
const all = [...definitions.values()].flat();
const newest = [...definitions.values()].map((versions) => versions.at(-1)!);
const TEXT_TYPES: DefinitionTextType[] = ['ITEM', 'CHOICE', 'INTERACTION_BASE'];

function translations(locale: string, type: DefinitionTextType): Record<string, string> {
  return JSON.parse(readFileSync(join(paths.translationsData, locale, `${type}.json`), 'utf8')) as Record<string, string>;
}

function riskDefinition(version = 1): TInteractionDefinition {
  return structuredClone(getInteractionDefinition('risk', version)!);
}

function problemsOf(candidate: unknown): string {
  const result = ZInteractionDefinition.safeParse(candidate);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => i.message).join('\n');
}

/** SHA-256 (first 16 hex digits) of the published version-1 files of the risk products. */
// The two advisory files gained one thing after publication: the lowest suitable risk class of each investment style
// (minRiskClass, decision 0014), so that indications of version 1 results never go above their suitable class
// either. Nothing that scores changed; the recomputation test in results.test.ts holds the numbers.
const V1_FILE_HASHES = { 'risk.v1.json': 'b83e7df2d4ecae4b', 'advisory-bank.v1.json': '562e7991833a7792', 'advisory-wealth.v1.json': '3fa0e2bc80c86f3f' };

describe('shipped interaction definitions', () => {
  it('give each of the eight products one interaction, named by its slug, whose newest version new instances get', () => {
    expect(definitions.size).toBe(PRODUCT_TYPES.length);
    for (const productType of PRODUCT_TYPES) {
      const id = PRODUCT_TYPE_INFO[productType].interactionSlug;
      const versions = definitionVersions(id);
      expect(versions.map((d) => d.version)).toEqual(versions.map((_, i) => i + 1));
      expect(versions.every((d) => d.productType === productType && d.id === id)).toBe(true);
      expect(definitionForProduct(productType)).toBe(versions.at(-1));
      expect(getInteractionDefinition(id)).toBe(versions.at(-1));
    }
    expect(getInteractionDefinition('no-such-interaction')).toBeUndefined();
    expect(getInteractionDefinition('risk', 9)).toBeUndefined();
  });

  it('keep version 1 of the three risk products loaded beside version 2, unchanged byte for byte', () => {
    for (const id of ['risk', 'advisory-bank', 'advisory-wealth']) {
      expect(definitionVersions(id).map((d) => d.version)).toEqual([1, 2]);
      expect(getInteractionDefinition(id, 1)!.risk!.consistencyFlagGap).toBe(3);
      expect(getInteractionDefinition(id, 2)!.risk!.consistency).toEqual({ compare: 'SELF_ESTIMATE_VS_SUITABLE', minGap: 2 });
    }
    // A result names its definition version; a published version must never change under it.
    const sha = (file: string) => createHash('sha256').update(readFileSync(join(DEFAULT_DEFINITIONS_DIR, file))).digest('hex').slice(0, 16);
    expect(Object.fromEntries(['risk.v1.json', 'advisory-bank.v1.json', 'advisory-wealth.v1.json'].map((f) => [f, sha(f)]))).toEqual(V1_FILE_HASHES);
  });

  it('build version 2 of the risk products from the shared suitability block, with its hard rules and statement', () => {
    for (const id of ['risk', 'advisory-bank', 'advisory-wealth']) {
      const d = getInteractionDefinition(id, 2)!;
      expect(d.blocks).toEqual([{ id: 'suitability', version: 1 }]);
      const itemKeys = d.items.map((i) => i.key);
      // The ESMA suitability topics (decision 0013): each is asked, and each feeds the verdict or the statement.
      for (const key of ['objective', 'horizon_1', 'liquidity_need', 'income_band', 'assets_band', 'commitments_band', 'amount_band', 'dependence', 'borrowing', 'capacity_share', 'loss_percent', 'loss_money', 'knowledge_bonds', 'knowledge_funds', 'knowledge_shares', 'knowledge_complex', 'knowledge_check_3', 'sustainability_taxonomy', 'sustainability_sfdr', 'sustainability_pai', 'age_band', 'dependants', 'vulnerability']) {
        expect(itemKeys, `${id}: ${key}`).toContain(key);
      }
      expect(d.risk!.answerCaps!.map((c) => c.key)).toEqual(['horizon', 'liquidity', 'dependence', 'borrowing', 'objective']);
      expect(d.risk!.answerCaps!.find((c) => c.key === 'horizon')!.maxClass).toMatchObject({ lt1y: 1, y1to3: 2 });
      expect(d.risk!.knowledgeTest!.questions.map((q) => q.item)).toEqual(['knowledge_check_1', 'knowledge_check_2', 'knowledge_check_3']);
      expect(d.risk!.lossCaps!.money.amountItem).toBe('amount_band');
      const shown = d.suitability!.sections.flatMap((s) => s.entries.map((e) => e.item));
      for (const key of ['sustainability_taxonomy', 'sustainability_sfdr', 'sustainability_pai', 'age_band', 'dependants', 'vulnerability', 'income_band', 'objective']) expect(shown).toContain(key);
      // The self-estimate comes last, once the client has thought about goals, money and losses.
      expect(d.pages.at(-1)!.itemKeys).toEqual(['self_estimate']);
    }
  });

  it('give every dimension at least three items and every instrument a reverse-keyed likert item', () => {
    for (const d of all) {
      for (const dimension of d.dimensions) {
        expect(d.items.filter((i) => i.dimension === dimension.key).length, `${d.id}/${dimension.key}`).toBeGreaterThanOrEqual(3);
      }
      expect(d.items.some((i) => i.type === 'likert' && i.reverse), d.id).toBe(true);
    }
  });

  it('keep questionnaire pages short, and the newest risk questionnaires at a sensible length', () => {
    for (const d of newest.filter((x) => x.risk)) expect(d.items.length, d.id).toBeLessThanOrEqual(48);
    for (const d of all) {
      for (const page of d.pages) expect(page.itemKeys.length, `${d.id}/${page.key}`).toBeLessThanOrEqual(6);
    }
  });

  it('name tolerance, capacity, knowledge and a self-estimate item in the risk-related products only', () => {
    for (const d of all) {
      const riskRelated = ['BQ_RISK', 'BQ_ADVISORY_BANK', 'BQ_ADVISORY_WEALTH'].includes(d.productType);
      expect(Boolean(d.risk), d.id).toBe(riskRelated);
      if (!d.risk) continue;
      const dimensionKeys = d.dimensions.map((x) => x.key);
      for (const key of [d.risk.toleranceDimension, d.risk.capacityDimension, d.risk.knowledgeDimension, d.risk.lossReactionDimension, d.risk.horizonDimension]) {
        expect(dimensionKeys).toContain(key);
      }
      const selfEstimate = d.items.find((i) => i.key === d.risk!.selfEstimateItem);
      expect(selfEstimate?.dimension, d.id).toBeNull();
      expect(selfEstimate?.required, d.id).toBe(true);
    }
  });

  it('predict the investment style in the advisory products and the performance outlook in the selection products', () => {
    const kinds = Object.fromEntries(all.map((d) => [d.productType, d.prediction?.kind ?? null]));
    expect(kinds).toEqual({
      BQ_ADVISORY_BANK: 'INVESTMENT_STYLE',
      BQ_ADVISORY_WEALTH: 'INVESTMENT_STYLE',
      BQ_RISK: null,
      BQ_SELECTION: 'PERFORMANCE',
      BQ_SELECT_CAMPAIGN: 'PERFORMANCE',
      BQ_PERFORMANCE: null,
      BQ_PERFORMANCE_SELF_ASSESSMENT: null,
      BQ_PERFORMANCE_COACH: null,
    });
    for (const d of all) {
      // Every class but the reference class leans on at least two dimensions, so its factors can be explained.
      for (const c of d.prediction?.classes ?? []) if (Object.keys(c.weights).length) expect(Object.keys(c.weights).length, `${d.id}/${c.key}`).toBeGreaterThanOrEqual(2);
    }
  });

  it('let performance and self-assessment be compared item by item', () => {
    const observer = definitionForProduct('BQ_PERFORMANCE');
    const self = definitionForProduct('BQ_PERFORMANCE_SELF_ASSESSMENT');
    expect(observer.comparableWith).toBe(self.id);
    expect(self.comparableWith).toBe(observer.id);
    expect(observer.respondent).toBe('OBSERVER');
    expect(self.respondent).toBe('SELF');
    const shape = (d: TInteractionDefinition) => ({
      dimensions: d.dimensions.map((x) => x.key),
      items: d.items.map((i) => [i.key, i.dimension, i.reverse, i.type === 'likert' ? i.scale : null]),
    });
    expect(shape(self)).toEqual(shape(observer));
  });
});

describe('texts of the interaction definitions', () => {
  const referenced = Object.fromEntries(TEXT_TYPES.map((t) => [t, new Set<string>()])) as Record<DefinitionTextType, Set<string>>;
  for (const d of all) {
    const keys = translationKeysOf(d);
    for (const t of TEXT_TYPES) for (const key of keys[t]) referenced[t].add(key);
  }

  it('exist, not empty, in ITEM, CHOICE and INTERACTION_BASE of every locale', () => {
    for (const locale of LOCALES) {
      for (const t of TEXT_TYPES) {
        const texts = translations(locale, t);
        const missing = [...referenced[t]].filter((key) => !(texts[key] ?? '').trim());
        expect(missing, `${locale}/${t}.json`).toEqual([]);
      }
    }
  });

  it('are all used by some definition, with keys sorted and the same in every locale', () => {
    for (const locale of LOCALES) {
      for (const t of TEXT_TYPES) {
        const keys = Object.keys(translations(locale, t));
        expect(keys.filter((key) => !referenced[t].has(key)), `unused keys in ${locale}/${t}.json`).toEqual([]);
        expect(keys, `${locale}/${t}.json is sorted`).toEqual([...keys].sort());
        expect(keys).toEqual(Object.keys(translations('EN_US', t)));
      }
    }
  });

  it('are really German in DE_DE', () => {
    const english = translations('EN_US', 'ITEM');
    const german = translations('DE_DE', 'ITEM');
    const copied = Object.keys(english).filter((key) => english[key] === german[key]);
    expect(copied).toEqual([]);
  });
});

describe('the interaction definition schema', () => {
  it('accepts the shipped risk definitions', () => {
    expect(ZInteractionDefinition.safeParse(riskDefinition(1)).success).toBe(true);
    expect(ZInteractionDefinition.safeParse(riskDefinition(2)).success).toBe(true);
  });

  it('refuses hard rules that name unknown items or options, and a knowledge test without a class per failed count', () => {
    const d = riskDefinition(2);
    d.risk!.answerCaps![0]!.item = 'ghost';
    d.risk!.answerCaps![1]!.maxClass = { soon: 1 };
    d.risk!.knowledgeTest!.questions[0]!.correct = 'maybe';
    d.risk!.knowledgeTest!.maxClassByFailed = [7, 5];
    d.risk!.lossCaps!.classLoss = [0.05, 0.04, 0.07, 0.11, 0.16, 0.21, 0.27];
    const problems = problemsOf(d);
    expect(problems).toContain('unknown item ghost');
    expect(problems).toContain('item liquidity_need has no option soon');
    expect(problems).toContain('item knowledge_check_1 has no option maybe');
    expect(problems).toContain('one class per possible number of failed questions');
    expect(problems).toContain('class losses never fall');
  });

  it('refuses risk rules with no consistency rule, or with both', () => {
    const none = riskDefinition(2);
    delete none.risk!.consistency;
    expect(problemsOf(none)).toContain('exactly one consistency rule');
    const both = riskDefinition(2);
    both.risk!.consistencyFlagGap = 3;
    expect(problemsOf(both)).toContain('exactly one consistency rule');
  });

  it('refuses a duplicate item key', () => {
    const d = riskDefinition();
    d.items.push({ ...d.items[1]! });
    expect(problemsOf(d)).toContain(`duplicate item key ${d.items[1]!.key}`);
  });

  it('refuses an item scored into an unknown dimension', () => {
    const d = riskDefinition();
    d.items[1]!.dimension = 'optimism';
    expect(problemsOf(d)).toContain('unknown dimension optimism');
  });

  it('refuses an item that is on no page, or on two', () => {
    const d = riskDefinition();
    const page = d.pages[0]!;
    const [first] = page.itemKeys.splice(1, 1);
    expect(problemsOf(d)).toContain(`item ${first} is on no page`);

    const twice = riskDefinition();
    twice.pages[1]!.itemKeys.push(twice.pages[0]!.itemKeys[1]!);
    expect(problemsOf(twice)).toContain(`item ${twice.pages[0]!.itemKeys[1]} is on 2 pages`);
  });

  it('refuses a page naming an item that does not exist', () => {
    const d = riskDefinition();
    d.pages[0]!.itemKeys.push('ghost_item');
    expect(problemsOf(d)).toContain('unknown item ghost_item');
  });

  it('refuses a minAnswered above the number of items of the dimension', () => {
    const d = riskDefinition();
    const dimension = d.dimensions[0]!;
    dimension.minAnswered = d.items.filter((i) => i.dimension === dimension.key).length + 1;
    expect(problemsOf(d)).toContain(`dimension ${dimension.key}: minAnswered`);
  });

  it('refuses a norm sd of zero or below', () => {
    for (const sd of [0, -0.5]) {
      const d = riskDefinition();
      d.dimensions[0]!.norm.sd = sd;
      expect(problemsOf(d)).toContain('norm sd must be greater than 0');
    }
  });

  it('refuses an unknown scale and a choice option scored outside the dimension range', () => {
    const d = riskDefinition();
    const likert = d.items.find((i) => i.type === 'likert' && i.dimension !== null)!;
    if (likert.type === 'likert') likert.scale = 'agree11';
    const choice = d.items.find((i) => i.type === 'choice')!;
    if (choice.type === 'choice') choice.options[0]!.score = 9;
    const problems = problemsOf(d);
    expect(problems).toContain('unknown scale agree11');
    expect(problems).toContain('scores 9, outside 1-5');
  });

  it('refuses a reverse-keyed choice item', () => {
    const d = riskDefinition() as unknown as { items: { type: string; reverse: boolean }[] };
    d.items.find((i) => i.type === 'choice')!.reverse = true;
    expect(problemsOf(d)).toContain('never reverse-keyed');
  });

  it('refuses a risk block whose self-estimate is scored into a dimension', () => {
    const d = riskDefinition();
    d.items.find((i) => i.key === d.risk!.selfEstimateItem)!.dimension = d.risk!.toleranceDimension;
    expect(problemsOf(d)).toContain('is scored into no dimension');
  });
});

describe('loadInteractionDefinitions', () => {
  function withDir(files: Record<string, string>, check: (dir: string) => void) {
    const dir = mkdtempSync(join(tmpdir(), 'bq-definitions-'));
    mkdirSync(join(dir, 'blocks'));
    try {
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      check(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const shippedFile = (file: string) => readFileSync(join(DEFAULT_DEFINITIONS_DIR, file), 'utf8');
  const block = shippedFile('blocks/suitability.v1.json');

  it('reads the shipped directory by default', () => {
    expect(loadInteractionDefinitions(DEFAULT_DEFINITIONS_DIR).size).toBe(PRODUCT_TYPES.length);
  });

  it('names the file and the problem of an invalid definition', () => {
    const broken = riskDefinition();
    broken.dimensions[0]!.norm.sd = 0;
    withDir({ 'risk.v1.json': JSON.stringify(broken) }, (dir) => {
      expect(() => loadInteractionDefinitions(dir)).toThrow(/risk\.v1\.json is invalid:[\s\S]*norm sd must be greater than 0/);
    });
  });

  it('names a file that is not JSON', () => {
    withDir({ 'risk.v1.json': '{ "id": ' }, (dir) => {
      expect(() => loadInteractionDefinitions(dir)).toThrow(/risk\.v1\.json is not valid JSON/);
    });
  });

  it('refuses a file not named after its interaction id and version', () => {
    withDir({ 'risk.json': JSON.stringify(riskDefinition()) }, (dir) => {
      expect(() => loadInteractionDefinitions(dir)).toThrow(/risk\.json has id risk version 1; the file must be named risk\.v1\.json/);
    });
  });

  it('loads every version, and refuses a gap in the versions', () => {
    withDir({ 'risk.v1.json': shippedFile('risk.v1.json'), 'risk.v2.json': shippedFile('risk.v2.json'), 'blocks/suitability.v1.json': block }, (dir) => {
      expect(loadInteractionDefinitions(dir).get('risk')!.map((d) => d.version)).toEqual([1, 2]);
    });
    withDir({ 'risk.v2.json': shippedFile('risk.v2.json'), 'blocks/suitability.v1.json': block }, (dir) => {
      expect(() => loadInteractionDefinitions(dir)).toThrow(/risk: version 1 is missing/);
    });
  });

  it('assembles blocks, and refuses an unknown block, a block page placed nowhere, and a rule set twice', () => {
    const source = JSON.parse(shippedFile('risk.v2.json')) as { pages: unknown[]; blocks: { version: number }[]; risk: Record<string, unknown> };
    withDir({ 'risk.v1.json': shippedFile('risk.v1.json'), 'risk.v2.json': JSON.stringify(source) }, (dir) => {
      expect(() => loadInteractionDefinitions(dir)).toThrow(/risk\.v2\.json includes the unknown block suitability version 1/);
    });
    const unplaced = { ...source, pages: source.pages.slice(0, -1) };
    withDir({ 'risk.v1.json': shippedFile('risk.v1.json'), 'risk.v2.json': JSON.stringify(unplaced), 'blocks/suitability.v1.json': block }, (dir) => {
      expect(() => loadInteractionDefinitions(dir)).toThrow(/block suitability's page overall is placed nowhere/);
    });
    const twice = { ...source, risk: { ...source.risk, consistency: { compare: 'SELF_ESTIMATE_VS_SUITABLE', minGap: 3 } } };
    withDir({ 'risk.v1.json': shippedFile('risk.v1.json'), 'risk.v2.json': JSON.stringify(twice), 'blocks/suitability.v1.json': block }, (dir) => {
      expect(() => loadInteractionDefinitions(dir)).toThrow(/risk\.consistency is set both here and in block suitability/);
    });
  });
});
