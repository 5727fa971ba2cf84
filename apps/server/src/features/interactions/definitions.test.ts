// The shipped interaction definitions: one per product, complete texts in every locale, and a schema that
// refuses the mistakes that would silently break scoring.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  getInteractionDefinition,
  loadInteractionDefinitions,
  translationKeysOf,
} from './definitions';

const definitions = loadInteractionDefinitions();
const all = [...definitions.values()];
const TEXT_TYPES: DefinitionTextType[] = ['ITEM', 'CHOICE', 'INTERACTION_BASE'];

function translations(locale: string, type: DefinitionTextType): Record<string, string> {
  return JSON.parse(readFileSync(join(paths.translationsData, locale, `${type}.json`), 'utf8')) as Record<string, string>;
}

function riskDefinition(): TInteractionDefinition {
  return structuredClone(definitionForProduct('BQ_RISK'));
}

function problemsOf(candidate: unknown): string {
  const result = ZInteractionDefinition.safeParse(candidate);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => i.message).join('\n');
}

describe('shipped interaction definitions', () => {
  it('give each of the eight products exactly one definition, named by its interaction slug', () => {
    expect(all).toHaveLength(PRODUCT_TYPES.length);
    for (const productType of PRODUCT_TYPES) {
      const matching = all.filter((d) => d.productType === productType);
      expect(matching).toHaveLength(1);
      expect(matching[0]!.id).toBe(PRODUCT_TYPE_INFO[productType].interactionSlug);
      expect(definitionForProduct(productType)).toBe(getInteractionDefinition(matching[0]!.id));
    }
    expect(getInteractionDefinition('no-such-interaction')).toBeUndefined();
  });

  it('give every dimension at least three items and every instrument a reverse-keyed likert item', () => {
    for (const d of all) {
      for (const dimension of d.dimensions) {
        expect(d.items.filter((i) => i.dimension === dimension.key).length, `${d.id}/${dimension.key}`).toBeGreaterThanOrEqual(3);
      }
      expect(d.items.some((i) => i.type === 'likert' && i.reverse), d.id).toBe(true);
    }
  });

  it('keep questionnaire pages short', () => {
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
  it('accepts the shipped risk definition', () => {
    expect(ZInteractionDefinition.safeParse(riskDefinition()).success).toBe(true);
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
    try {
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      check(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('reads the shipped directory by default', () => {
    expect(loadInteractionDefinitions(DEFAULT_DEFINITIONS_DIR).size).toBe(PRODUCT_TYPES.length);
  });

  it('names the file and the problem of an invalid definition', () => {
    const broken = riskDefinition();
    broken.dimensions[0]!.norm.sd = 0;
    withDir({ 'risk.json': JSON.stringify(broken) }, (dir) => {
      expect(() => loadInteractionDefinitions(dir)).toThrow(/risk\.json is invalid:[\s\S]*norm sd must be greater than 0/);
    });
  });

  it('names a file that is not JSON', () => {
    withDir({ 'risk.json': '{ "id": ' }, (dir) => {
      expect(() => loadInteractionDefinitions(dir)).toThrow(/risk\.json is not valid JSON/);
    });
  });

  it('refuses a file not named after its interaction id', () => {
    withDir({ 'risk-v2.json': JSON.stringify(riskDefinition()) }, (dir) => {
      expect(() => loadInteractionDefinitions(dir)).toThrow(/risk-v2\.json has id risk/);
    });
  });
});
