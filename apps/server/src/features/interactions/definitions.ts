// The interaction definitions shipped with the server (definitions/<interactionId>.json): read and validated
// once, so a broken file stops the server at start with the file and the problem named.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ZInteractionDefinition, type TInteractionDefinition } from '@bq/contracts/interaction-definition';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import type { TextType } from '@bq/domain/text-types';

const here = dirname(fileURLToPath(import.meta.url));
// In the bundle this code sits in dist/main.js and the build copies the files to dist/interaction-definitions;
// from source they sit beside this file.
const bundled = existsSync(join(here, 'interaction-definitions')) && !existsSync(join(here, 'definitions'));
export const DEFAULT_DEFINITIONS_DIR = bundled ? join(here, 'interaction-definitions') : join(here, 'definitions');

/** Reads and validates every definition in `dir`; throws naming the file on the first problem. */
export function loadInteractionDefinitions(dir: string = DEFAULT_DEFINITIONS_DIR): Map<string, TInteractionDefinition> {
  if (!existsSync(dir)) throw new Error(`Interaction definitions directory not found: ${dir}`);
  const definitions = new Map<string, TInteractionDefinition>();
  const byProduct = new Map<ProductType, string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (error) {
      throw new Error(`Interaction definition ${file} is not valid JSON: ${(error as Error).message}`);
    }
    const parsed = ZInteractionDefinition.safeParse(raw);
    if (!parsed.success) throw new Error(`Interaction definition ${file} is invalid:\n${z.prettifyError(parsed.error)}`);
    const definition = parsed.data;
    if (file !== `${definition.id}.json`) throw new Error(`Interaction definition ${file} has id ${definition.id}; the file must be named ${definition.id}.json`);
    const slug = PRODUCT_TYPE_INFO[definition.productType].interactionSlug;
    if (definition.id !== slug) throw new Error(`Interaction definition ${file}: ${definition.productType} uses the interaction ${slug}, not ${definition.id}`);
    const other = byProduct.get(definition.productType);
    if (other) throw new Error(`Interaction definition ${file}: ${definition.productType} already has the definition ${other}`);
    byProduct.set(definition.productType, file);
    definitions.set(definition.id, definition);
  }
  for (const definition of definitions.values()) {
    if (definition.comparableWith && !definitions.has(definition.comparableWith)) {
      throw new Error(`Interaction definition ${definition.id}.json: comparableWith names the unknown interaction ${definition.comparableWith}`);
    }
  }
  return definitions;
}

let shipped: Map<string, TInteractionDefinition> | undefined;
function shippedDefinitions(): Map<string, TInteractionDefinition> {
  shipped ??= loadInteractionDefinitions();
  return shipped;
}

/** The shipped definition with this id (the interaction slug), or undefined. */
export function getInteractionDefinition(id: string): TInteractionDefinition | undefined {
  return shippedDefinitions().get(id);
}

/** The shipped definition of a product; every product has exactly one, so a missing one is a broken build. */
export function definitionForProduct(productType: ProductType): TInteractionDefinition {
  const id = PRODUCT_TYPE_INFO[productType].interactionSlug;
  const definition = shippedDefinitions().get(id);
  if (!definition) throw new Error(`No interaction definition ${id}.json for ${productType}`);
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
  for (const scale of definition.scales) for (const point of scale.points) keys.CHOICE.add(point.labelKey);
  for (const item of definition.items) {
    keys.ITEM.add(item.textKey);
    if (item.type === 'choice') for (const option of item.options) keys.CHOICE.add(option.labelKey);
  }
  return keys;
}
