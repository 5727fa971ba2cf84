// The consistency flag's rates on simulated clients (decision 0013), printed: `node --import tsx bench/consistency-flag.ts`.
// A measurement for the decision record; packages/scoring/src/simulate-risk.test.ts asserts the bounds.
import { scoreDimensions } from '@bq/scoring/norms';
import { riskProfile, type RiskRules } from '@bq/scoring/risk';
import type { ScoringDefinition } from '@bq/scoring/scoring-definition';
import { simulateRiskRespondents } from '@bq/scoring/simulate-risk';
import { loadInteractionDefinitions } from '../apps/server/src/features/interactions/definitions';

type RiskDefinition = ScoringDefinition & { id: string; version: number; risk: RiskRules };
const COUNT = 2000;
const pct = (n: number) => `${((n / COUNT) * 100).toFixed(1)} %`.padStart(8);

for (const definition of [...loadInteractionDefinitions().values()].flat().filter((d) => d.risk) as unknown as RiskDefinition[]) {
  for (const consistency of [0.5, 0.7, 0.9]) {
    const parts: string[] = [];
    for (const [kind, seed] of [['consistent', 2026], ['inconsistent', 2027]] as const) {
      const clients = simulateRiskRespondents(definition, { count: COUNT, seed, consistency, selfEstimate: kind });
      let flagged = 0;
      let above = 0;
      let harmless = 0;
      for (const c of clients) {
        const raw = Object.fromEntries(scoreDimensions(definition, c.answers).map((d) => [d.key, d.raw]));
        const profile = riskProfile(raw, c.selfEstimate, definition.risk, c.answers)!;
        if (!profile.consistency.flagged) continue;
        flagged++;
        if (profile.consistency.direction === 'ABOVE') above++;
        // Version 1's reason that fired with the tolerance below what capacity allows: the harmless direction.
        if (profile.consistency.reasons.every((r) => r.kind === 'tolerance_vs_capacity' && r.toleranceClass < r.otherClass)) harmless++;
      }
      parts.push(`${kind} ${pct(flagged)} (above ${pct(above)}, only harmless ${pct(harmless)})`);
    }
    console.log(`${`${definition.id} v${definition.version}`.padEnd(20)} item consistency ${consistency}: ${parts.join('   ')}`);
  }
}
