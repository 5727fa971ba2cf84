// The consistency flag's rates on simulated clients (decision 0013): clients whose own estimate agrees with their
// answers are rarely flagged, clearly inconsistent ones almost always; version 1's flag, for comparison, fired for
// most clients whatever they said.
import { describe, expect, it } from 'vitest';
import { loadInteractionDefinitions } from '../../../apps/server/src/features/interactions/definitions';
import { scoreDimensions } from './norms';
import { riskProfile, type RiskRules } from './risk';
import type { ScoringDefinition } from './scoring-definition';
import { CLEARLY_INCONSISTENT_GAP, ruleItems, simulateRiskRespondents, type SimulatedRiskRespondent } from './simulate-risk';

type RiskDefinition = ScoringDefinition & { id: string; version: number; risk: RiskRules };
const all = [...loadInteractionDefinitions().values()].flat().filter((d) => d.risk) as unknown as RiskDefinition[];
const v2 = all.filter((d) => d.version === 2);
const COUNT = 2000;

function flagRate(definition: RiskDefinition, respondents: SimulatedRiskRespondent[]) {
  let flagged = 0;
  for (const r of respondents) {
    const raw = Object.fromEntries(scoreDimensions(definition, r.answers).map((d) => [d.key, d.raw]));
    if (riskProfile(raw, r.selfEstimate, definition.risk, r.answers)!.consistency.flagged) flagged++;
  }
  return flagged / respondents.length;
}

describe('simulateRiskRespondents', () => {
  const risk = v2.find((d) => d.id === 'risk')!;

  it('is the same for the same seed, and gives the self-estimate it promises', () => {
    const options = { count: 200, seed: 4, consistency: 0.7, selfEstimate: 'inconsistent' } as const;
    const clients = simulateRiskRespondents(risk, options);
    expect(simulateRiskRespondents(risk, options)).toEqual(clients);
    for (const c of clients) {
      expect(Math.abs(c.selfEstimate - c.trueClass)).toBeGreaterThanOrEqual(CLEARLY_INCONSISTENT_GAP);
      expect(c.answers.self_estimate).toBe(c.selfEstimate);
    }
    const consistent = simulateRiskRespondents(risk, { ...options, selfEstimate: 'consistent' });
    const off = consistent.filter((c) => Math.abs(c.selfEstimate - c.trueClass) >= 2).length;
    expect(off / consistent.length).toBeLessThan(0.03);
  });

  it('lets the bearable loss in money follow the amount invested, so the loss rule does not decide most classes', () => {
    const clients = simulateRiskRespondents(risk, { count: 500, seed: 8, consistency: 0.7, selfEstimate: 'consistent' });
    expect(ruleItems(risk.risk)).toContain('loss_money');
    const classOne = clients.filter((c) => c.trueClass === 1).length / clients.length;
    expect(classOne).toBeLessThan(0.45);
    expect(new Set(clients.map((c) => c.trueClass)).size).toBeGreaterThanOrEqual(4);
  });
});

describe('the consistency flag on simulated clients', () => {
  it.each(v2.map((d) => [d.id, d] as const))('%s v2: flags under 3 % of consistent clients and over 97 % of clearly inconsistent ones', (_id, definition) => {
    for (const consistency of [0.5, 0.7]) {
      const consistent = simulateRiskRespondents(definition, { count: COUNT, seed: 2026, consistency, selfEstimate: 'consistent' });
      const inconsistent = simulateRiskRespondents(definition, { count: COUNT, seed: 2027, consistency, selfEstimate: 'inconsistent' });
      expect(flagRate(definition, consistent), `consistent, item consistency ${consistency}`).toBeLessThan(0.03);
      expect(flagRate(definition, inconsistent), `inconsistent, item consistency ${consistency}`).toBeGreaterThan(0.97);
    }
  });

  it('fired for most consistent clients under the version 1 rule, which the new flag replaces', () => {
    for (const definition of all.filter((d) => d.version === 1)) {
      const consistent = simulateRiskRespondents(definition, { count: COUNT, seed: 2026, consistency: 0.7, selfEstimate: 'consistent' });
      expect(flagRate(definition, consistent), definition.id).toBeGreaterThan(0.2);
    }
  });
});
