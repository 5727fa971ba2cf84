// The interaction definitions shipped with the server (definitions/<interactionId>.v<version>.json, shared blocks in
// definitions/blocks): read, assembled and validated once, so a broken file stops the server at start with the
// file and the problem named. Every version stays loaded (decision 0013).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  ZDefinitionBlock,
  ZInteractionDefinition,
  ZInteractionDefinitionSource,
  type TDefinitionBlock,
  type TInteractionDefinition,
  type TInteractionDefinitionSource,
} from '@bq/contracts/interaction-definition';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import type { TextType } from '@bq/domain/text-types';

const here = dirname(fileURLToPath(import.meta.url));
// In the bundle this code sits in dist/main.js and the build copies the files to dist/interaction-definitions;
// from source they sit beside this file.
const bundled = existsSync(join(here, 'interaction-definitions')) && !existsSync(join(here, 'definitions'));
export const DEFAULT_DEFINITIONS_DIR = bundled ? join(here, 'interaction-definitions') : join(here, 'definitions');

/** Every loaded version of every interaction: id -> versions, oldest first. */
export type DefinitionVersions = Map<string, TInteractionDefinition[]>;

const DEFINITION_FILE = /^([a-z][a-z0-9-]*)\.v(\d+)\.json$/;
const BLOCKS_DIR = 'blocks';

function readJson(dir: string, file: string, what: string): unknown {
  try {
    return JSON.parse(readFileSync(join(dir, file), 'utf8'));
  } catch (error) {
    throw new Error(`${what} ${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/** The shared blocks in `dir`/blocks, by "id@version"; each file named <id>.v<version>.json. */
function loadBlocks(dir: string): Map<string, TDefinitionBlock> {
  const blocks = new Map<string, TDefinitionBlock>();
  const blocksDir = join(dir, BLOCKS_DIR);
  if (!existsSync(blocksDir)) return blocks;
  for (const file of readdirSync(blocksDir).filter((f) => f.endsWith('.json')).sort()) {
    const parsed = ZDefinitionBlock.safeParse(readJson(blocksDir, file, 'Definition block'));
    if (!parsed.success) throw new Error(`Definition block ${file} is invalid:\n${z.prettifyError(parsed.error)}`);
    const block = parsed.data;
    if (file !== `${block.id}.v${block.version}.json`) throw new Error(`Definition block ${file} is ${block.id} version ${block.version}; the file must be named ${block.id}.v${block.version}.json`);
    blocks.set(`${block.id}@${block.version}`, block);
  }
  return blocks;
}

/**
 * Assembles a definition file with the blocks it includes: their scales and items are added, a page written as
 * { fromBlock, key } is replaced by that block page, and the block's risk rules and statement are merged in
 * (a rule set in both is refused, so it is clear where each one comes from).
 */
export function assembleDefinition(source: TInteractionDefinitionSource, blocks: Map<string, TDefinitionBlock>): unknown {
  const { blocks: references = [], ...definition } = source;
  if (references.length === 0) return source;
  const included = references.map((ref) => {
    const block = blocks.get(`${ref.id}@${ref.version}`);
    if (!block) throw new Error(`includes the unknown block ${ref.id} version ${ref.version}`);
    return block;
  });
  const byId = new Map(included.map((b) => [b.id, b]));
  const scales = [...definition.scales];
  for (const block of included) {
    for (const scale of block.scales) {
      const same = scales.find((s) => s.id === scale.id);
      if (same && JSON.stringify(same) !== JSON.stringify(scale)) throw new Error(`scale ${scale.id} differs from block ${block.id}'s`);
      if (!same) scales.push(scale);
    }
  }
  const pages = definition.pages.map((page) => {
    if (!('fromBlock' in page)) return page;
    const block = byId.get(page.fromBlock);
    if (!block) throw new Error(`page ${page.key} comes from ${page.fromBlock}, which is not included`);
    const blockPage = block.pages.find((p) => p.key === page.key);
    if (!blockPage) throw new Error(`block ${block.id} has no page ${page.key}`);
    return blockPage;
  });
  for (const block of included) {
    for (const page of block.pages) {
      if (!pages.includes(page)) throw new Error(`block ${block.id}'s page ${page.key} is placed nowhere`);
    }
  }
  let risk = definition.risk;
  let suitability = definition.suitability;
  for (const block of included) {
    if (block.risk) {
      for (const key of Object.keys(block.risk)) {
        if (risk && key in risk) throw new Error(`risk.${key} is set both here and in block ${block.id}`);
      }
      risk = { ...risk, ...block.risk };
    }
    if (block.suitability) {
      if (suitability) throw new Error(`a suitability statement is set both here and in block ${block.id}`);
      suitability = block.suitability;
    }
  }
  return {
    ...definition,
    scales,
    pages,
    items: [...included.flatMap((b) => b.items), ...definition.items],
    ...(risk ? { risk } : {}),
    ...(suitability ? { suitability } : {}),
    blocks: references,
  };
}

/**
 * Reads and validates every definition in `dir` (files <id>.v<version>.json, blocks in dir/blocks); throws naming
 * the file on the first problem. Every version stays loaded, so a result keeps the definition it was computed with.
 */
export function loadInteractionDefinitions(dir: string = DEFAULT_DEFINITIONS_DIR): DefinitionVersions {
  if (!existsSync(dir)) throw new Error(`Interaction definitions directory not found: ${dir}`);
  const blocks = loadBlocks(dir);
  const versions: DefinitionVersions = new Map();
  const productOf = new Map<ProductType, string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const source = ZInteractionDefinitionSource.safeParse(readJson(dir, file, 'Interaction definition'));
    if (!source.success) throw new Error(`Interaction definition ${file} is invalid:\n${z.prettifyError(source.error)}`);
    let assembled: unknown;
    try {
      assembled = assembleDefinition(source.data, blocks);
    } catch (error) {
      throw new Error(`Interaction definition ${file} ${(error as Error).message}`);
    }
    const parsed = ZInteractionDefinition.safeParse(assembled);
    if (!parsed.success) throw new Error(`Interaction definition ${file} is invalid:\n${z.prettifyError(parsed.error)}`);
    const definition = parsed.data;
    const expected = `${definition.id}.v${definition.version}.json`;
    if (file !== expected || !DEFINITION_FILE.test(file)) throw new Error(`Interaction definition ${file} has id ${definition.id} version ${definition.version}; the file must be named ${expected}`);
    const slug = PRODUCT_TYPE_INFO[definition.productType].interactionSlug;
    if (definition.id !== slug) throw new Error(`Interaction definition ${file}: ${definition.productType} uses the interaction ${slug}, not ${definition.id}`);
    const other = productOf.get(definition.productType);
    if (other && other !== definition.id) throw new Error(`Interaction definition ${file}: ${definition.productType} already has the interaction ${other}`);
    productOf.set(definition.productType, definition.id);
    const list = versions.get(definition.id) ?? [];
    list.push(definition);
    versions.set(definition.id, list);
  }
  for (const [id, list] of versions) {
    list.sort((a, b) => a.version - b.version);
    // Versions count 1, 2, 3, ...: a gap would mean a version that results may name is missing.
    list.forEach((d, i) => {
      if (d.version !== i + 1) throw new Error(`Interaction definition ${id}: version ${i + 1} is missing (found ${list.map((x) => x.version).join(', ')})`);
    });
  }
  for (const list of versions.values()) {
    for (const definition of list) {
      if (definition.comparableWith && !versions.has(definition.comparableWith)) {
        throw new Error(`Interaction definition ${definition.id}.v${definition.version}.json: comparableWith names the unknown interaction ${definition.comparableWith}`);
      }
    }
  }
  return versions;
}

let shipped: DefinitionVersions | undefined;
function shippedDefinitions(): DefinitionVersions {
  shipped ??= loadInteractionDefinitions();
  return shipped;
}

/**
 * The shipped definition with this id (the interaction slug): the given version, or the newest when the version
 * is null/undefined (what a new instance uses). Undefined when there is no such id or version.
 */
export function getInteractionDefinition(id: string, version?: number | null): TInteractionDefinition | undefined {
  const list = shippedDefinitions().get(id);
  if (!list) return undefined;
  return version == null ? list.at(-1) : list.find((d) => d.version === version);
}

/** Every shipped version of an interaction, oldest first (empty for an unknown id). */
export function definitionVersions(id: string): readonly TInteractionDefinition[] {
  return shippedDefinitions().get(id) ?? [];
}

/** The newest shipped definition of a product; every product has one, so a missing one is a broken build. */
export function definitionForProduct(productType: ProductType): TInteractionDefinition {
  const id = PRODUCT_TYPE_INFO[productType].interactionSlug;
  const definition = getInteractionDefinition(id);
  if (!definition) throw new Error(`No interaction definition ${id} for ${productType}`);
  return definition;
}

export type DefinitionTextType = Extract<TextType, 'ITEM' | 'CHOICE' | 'INTERACTION_BASE'>;

/** Every translation key a definition shows, by text type: what the questionnaire and its results need loaded. */
export function translationKeysOf(definition: TInteractionDefinition): Record<DefinitionTextType, Set<string>> {
  const keys: Record<DefinitionTextType, Set<string>> = { ITEM: new Set(), CHOICE: new Set(), INTERACTION_BASE: new Set() };
  for (const key of [definition.nameKey, definition.introKey, definition.outroKey]) keys.INTERACTION_BASE.add(key);
  for (const page of definition.pages) keys.INTERACTION_BASE.add(page.titleKey);
  for (const d of definition.dimensions) for (const key of [d.nameKey, d.descriptionKey, d.lowKey, d.highKey]) keys.INTERACTION_BASE.add(key);
  if (definition.prediction) {
    keys.INTERACTION_BASE.add(definition.prediction.titleKey);
    for (const c of definition.prediction.classes) for (const key of [c.labelKey, c.descriptionKey]) keys.INTERACTION_BASE.add(key);
  }
  // The names of the hard rules, what to explain after a failed test question, and the suitability statement.
  const risk = definition.risk;
  for (const cap of risk?.answerCaps ?? []) keys.INTERACTION_BASE.add(cap.nameKey);
  if (risk?.lossCaps) for (const key of [risk.lossCaps.percent.nameKey, risk.lossCaps.money.nameKey]) keys.INTERACTION_BASE.add(key);
  if (risk?.knowledgeTest) {
    keys.INTERACTION_BASE.add(risk.knowledgeTest.nameKey);
    for (const q of risk.knowledgeTest.questions) keys.INTERACTION_BASE.add(q.explainKey);
  }
  for (const section of definition.suitability?.sections ?? []) {
    keys.INTERACTION_BASE.add(section.titleKey);
    for (const entry of section.entries) keys.INTERACTION_BASE.add(entry.labelKey);
  }
  for (const remark of definition.suitability?.remarks ?? []) keys.INTERACTION_BASE.add(remark.textKey);
  for (const scale of definition.scales) for (const point of scale.points) keys.CHOICE.add(point.labelKey);
  for (const item of definition.items) {
    keys.ITEM.add(item.textKey);
    if (item.type === 'choice') for (const option of item.options) keys.CHOICE.add(option.labelKey);
  }
  return keys;
}
