// Simulated respondents for a definition: seeded, so tests, demos and the quality views can check the engine
// (reliability, norms, risk classes) on data whose truth is known.
import { mulberry32, normalDraw, type Random } from './prng';
import type { DefinitionItem, ScoringDefinition } from './scoring-definition';

export interface SimulationOptions {
  count: number;
  seed: number;
  /**
   * 0 < consistency <= 1: the share of an item's variance that comes from the respondent's trait. Item
   * value = trait + noise with noise variance (1 - c) / c, so two items of a dimension correlate about c
   * (before rounding to the scale). 1 answers every item of a dimension alike; near 0 answers at random.
   */
  consistency: number;
}

export interface SimulatedRespondent {
  /** Latent trait per dimension in norm sd units (standard normal). */
  traits: Record<string, number>;
  /** Item key -> likert value or choice option key, as a participant would submit them. */
  answers: Record<string, number | string>;
}

function likertAnswer(value: number, min: number, max: number, reverse: boolean): number {
  const point = Math.min(max, Math.max(min, Math.round(value)));
  // The trait speaks through the item's scored direction; a reverse-keyed item is answered mirrored.
  return reverse ? min + max - point : point;
}

/** The option whose score lies nearest to the value (the first of equally near ones). */
function choiceAnswer(value: number, options: readonly { key: string; score: number }[]): string {
  let best = options[0]!;
  for (const option of options)
    if (Math.abs(option.score - value) < Math.abs(best.score - value)) best = option;
  return best.key;
}

function unscoredAnswer(
  item: DefinitionItem,
  scaleOf: Map<string, number[]>,
  random: Random,
): number | string {
  // Items outside any dimension (the risk self-estimate) carry no trait here: answered uniformly at random.
  if (item.type === 'choice') return item.options[Math.floor(random() * item.options.length)]!.key;
  const values = scaleOf.get(item.scale) ?? [];
  return values[Math.floor(random() * values.length)]!;
}

/**
 * A respondent's answers for given traits: value = norm mean + norm sd * (trait + noise) per scored item, rounded
 * and clamped to the likert scale (mirrored for reverse-keyed items) or mapped to the nearest choice option score.
 * Items outside any dimension are answered at random unless `fixed` gives their answer. With noiseSd 0 every item
 * sits exactly at its trait and no noise is drawn.
 */
export function simulateAnswers(
  definition: ScoringDefinition,
  traits: Readonly<Record<string, number>>,
  noiseSd: number,
  random: Random,
  fixed: Readonly<Record<string, number | string>> = {},
): Record<string, number | string> {
  const scaleOf = new Map(definition.scales.map((s) => [s.id, s.points.map((p) => p.value)]));
  const dimensions = new Map(definition.dimensions.map((d) => [d.key, d]));
  const answers: Record<string, number | string> = {};
  for (const item of definition.items) {
    const dimension = item.dimension === null ? undefined : dimensions.get(item.dimension);
    if (!dimension) {
      answers[item.key] = fixed[item.key] ?? unscoredAnswer(item, scaleOf, random);
      continue;
    }
    const noise = noiseSd === 0 ? 0 : noiseSd * normalDraw(random);
    const value = dimension.norm.mean + dimension.norm.sd * (traits[dimension.key]! + noise);
    if (item.type === 'choice') {
      answers[item.key] = choiceAnswer(value, item.options);
    } else {
      const values = scaleOf.get(item.scale) ?? [];
      answers[item.key] = likertAnswer(value, Math.min(...values), Math.max(...values), item.reverse);
    }
  }
  return answers;
}

export function checkSimulationOptions({ count, consistency }: SimulationOptions): number {
  if (!(consistency > 0 && consistency <= 1))
    throw new RangeError(`consistency lies in (0, 1], got ${consistency}`);
  if (!(Number.isInteger(count) && count >= 0)) throw new RangeError(`count is a whole number, got ${count}`);
  return Math.sqrt((1 - consistency) / consistency);
}

/**
 * Each respondent draws a standard normal trait per dimension (dimensions independent), then answers every item
 * through simulateAnswers. The same seed gives the same respondents.
 */
export function simulateRespondents(
  definition: ScoringDefinition,
  options: SimulationOptions,
): SimulatedRespondent[] {
  const noiseSd = checkSimulationOptions(options);
  const random = mulberry32(options.seed);
  const respondents: SimulatedRespondent[] = [];
  for (let n = 0; n < options.count; n++) {
    const traits: Record<string, number> = {};
    for (const d of definition.dimensions) traits[d.key] = normalDraw(random);
    respondents.push({ traits, answers: simulateAnswers(definition, traits, noiseSd, random) });
  }
  return respondents;
}
