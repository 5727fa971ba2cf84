// Simulated risk clients whose own estimate of their risk class agrees with their situation and attitude, or
// clearly does not: the data on which the consistency flag's rates are measured (decision 0013).
import { scoreDimensions } from './norms';
import { mulberry32, normalDraw } from './prng';
import { RISK_CLASS_MAX, RISK_CLASS_MIN, riskProfile, type RiskRules } from './risk';
import type { ScoringDefinition } from './scoring-definition';
import { checkSimulationOptions, simulateAnswers, type SimulatedRespondent, type SimulationOptions } from './simulate';

export interface RiskSimulationOptions extends SimulationOptions {
  /**
   * consistent: the own estimate is the client's true class (the verdict their noise-free answers give) plus a
   * normal error of selfEstimateSd classes, rounded; inconsistent: a class at least 3 away from the true class.
   */
  selfEstimate: 'consistent' | 'inconsistent';
  /** The error of a consistent client's own estimate, in classes (default 0.6). */
  selfEstimateSd?: number;
}

export interface SimulatedRiskRespondent extends SimulatedRespondent {
  /** The suitable class of the noise-free answers: what the client's situation and attitude really call for. */
  trueClass: number;
  selfEstimate: number;
}

export const CLEARLY_INCONSISTENT_GAP = 3;

type RiskDefinition = ScoringDefinition & { risk: RiskRules };

/**
 * A bearable loss in money scales with the amount invested: the client's bearable share is lognormal around 10 %
 * (higher with a higher capacity trait), and they pick the loss band nearest to share x amount. Drawn at random and
 * independently of the amount, nearly every second client would bear under 5 % and land in class 1.
 */
function bearableLossAnswer(rules: RiskRules, answers: Record<string, number | string>, capacityTrait: number, draw: number): string | null {
  const money = rules.lossCaps?.money;
  const amount = money ? money.amount[String(answers[money.amountItem])] : undefined;
  if (!money || amount === undefined) return null;
  const target = Math.log(0.1 * amount) + 0.6 * capacityTrait + 0.4 * draw;
  let best: string | null = null;
  for (const [option, value] of Object.entries(money.loss)) {
    if (best === null || Math.abs(Math.log(value) - target) < Math.abs(Math.log(money.loss[best]!) - target)) best = option;
  }
  return best;
}

/** The items whose answers the hard rules read. */
export function ruleItems(rules: RiskRules): string[] {
  return [
    ...(rules.answerCaps ?? []).map((c) => c.item),
    ...(rules.lossCaps ? [rules.lossCaps.percent.item, rules.lossCaps.money.item, rules.lossCaps.money.amountItem] : []),
    ...(rules.knowledgeTest?.questions.map((q) => q.item) ?? []),
  ];
}

function suitableClassOf(definition: RiskDefinition, answers: Record<string, number | string>): number {
  const raw = Object.fromEntries(scoreDimensions(definition, answers).map((d) => [d.key, d.raw]));
  const profile = riskProfile(raw, null, definition.risk, answers);
  if (!profile) throw new RangeError('the simulated tolerance is not computable');
  return profile.suitableClass;
}

/**
 * Each client draws a standard normal trait per dimension. Their true answers sit exactly at the traits; the
 * answers they give carry item noise (options.consistency, as in simulateRespondents). Items outside the
 * dimensions (amounts, statement topics) are facts: drawn once and given as they are; the loss bearable in money
 * follows the amount (bearableLossAnswer); and the answers the hard rules read are facts too, given without item
 * noise, so the noise that remains is the attitude items' measurement error. The
 * self-estimate is then set from the true class as options.selfEstimate says. Same seed, same clients.
 */
export function simulateRiskRespondents(
  definition: RiskDefinition,
  options: RiskSimulationOptions,
): SimulatedRiskRespondent[] {
  const noiseSd = checkSimulationOptions(options);
  const errorSd = options.selfEstimateSd ?? 0.6;
  const random = mulberry32(options.seed);
  const out: SimulatedRiskRespondent[] = [];
  for (let n = 0; n < options.count; n++) {
    const traits: Record<string, number> = {};
    for (const d of definition.dimensions) traits[d.key] = normalDraw(random);
    const answers = simulateAnswers(definition, traits, noiseSd, random);
    const loss = bearableLossAnswer(definition.risk, answers, traits[definition.risk.capacityDimension] ?? 0, normalDraw(random));
    if (loss !== null) answers[definition.risk.lossCaps!.money.item] = loss;
    const unscored = Object.fromEntries(
      definition.items.filter((i) => i.dimension === null).map((i) => [i.key, answers[i.key]!]),
    );
    const truth = simulateAnswers(definition, traits, 0, random, unscored);
    // Facts the hard rules read (horizon, liquidity, dependence, borrowing, losses, test answers) are given as they are.
    for (const item of ruleItems(definition.risk)) answers[item] = truth[item]!;
    const trueClass = suitableClassOf(definition, truth);
    let selfEstimate: number;
    if (options.selfEstimate === 'consistent') {
      selfEstimate = Math.min(RISK_CLASS_MAX, Math.max(RISK_CLASS_MIN, Math.round(trueClass + errorSd * normalDraw(random))));
    } else {
      const far: number[] = [];
      for (let c = RISK_CLASS_MIN; c <= RISK_CLASS_MAX; c++) if (Math.abs(c - trueClass) >= CLEARLY_INCONSISTENT_GAP) far.push(c);
      selfEstimate = far[Math.floor(random() * far.length)]!;
    }
    answers[definition.risk.selfEstimateItem] = selfEstimate;
    out.push({ traits, answers, trueClass, selfEstimate });
  }
  return out;
}
