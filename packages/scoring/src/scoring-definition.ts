// The part of an interaction definition the engine reads, declared here so the package imports no schema
// library; the shapes are structurally compatible with @bq/contracts' TInteractionDefinition, which can be
// passed as it is.
import type { ScoringDimension, ScoringItem } from './raw-scores';

export interface DefinitionScale {
  id: string;
  points: readonly { value: number }[];
}

export interface DefinitionLikertItem {
  key: string;
  dimension: string | null;
  type: 'likert';
  /** Id of a scale in `scales`. */
  scale: string;
  reverse: boolean;
}

export interface DefinitionChoiceItem {
  key: string;
  dimension: string | null;
  type: 'choice';
  options: readonly { key: string; score: number }[];
}

export type DefinitionItem = DefinitionLikertItem | DefinitionChoiceItem;

export interface Norm {
  mean: number;
  sd: number;
}

export interface DefinitionDimension {
  key: string;
  range: { min: number; max: number };
  norm: Norm;
  minAnswered: number;
  /** Expected reliability (Cronbach's alpha) of the dimension score, for the standard error of measurement. */
  reliability: number;
}

export interface ScoringDefinition {
  scales: readonly DefinitionScale[];
  items: readonly DefinitionItem[];
  dimensions: readonly DefinitionDimension[];
}

/** Thrown when a definition refers to something it does not contain; the schema should have caught it. */
export class DefinitionError extends Error {
  readonly code = 'scoring.definition';
  constructor(message: string) {
    super(message);
    this.name = 'DefinitionError';
  }
}

/** The items in the flat form raw-scores.ts works on: likert scale bounds resolved from the named scale. */
export function scoringItems(definition: ScoringDefinition): ScoringItem[] {
  const scales = new Map(definition.scales.map((s) => [s.id, s.points.map((p) => p.value)]));
  return definition.items.map((item): ScoringItem => {
    if (item.type === 'choice') {
      return {
        key: item.key,
        dimension: item.dimension,
        type: 'choice',
        options: item.options.map((o) => ({ key: o.key, score: o.score })),
      };
    }
    const values = scales.get(item.scale);
    if (!values || values.length === 0)
      throw new DefinitionError(`item ${item.key}: unknown scale ${item.scale}`);
    return {
      key: item.key,
      dimension: item.dimension,
      type: 'likert',
      reverse: item.reverse,
      scaleMin: Math.min(...values),
      scaleMax: Math.max(...values),
    };
  });
}

export function scoringDimensions(definition: ScoringDefinition): ScoringDimension[] {
  return definition.dimensions.map((d) => ({ key: d.key, minAnswered: d.minAnswered }));
}
