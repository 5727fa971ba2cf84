import { BALANCED, BOLD, CAUTIOUS } from './e2e/risk-profiles';
import { definitionForProduct } from './apps/server/src/features/interactions/definitions';
import { scoreResult } from './apps/server/src/features/calculation/score-result';
const d = definitionForProduct('BQ_RISK');
for (const [name, a] of Object.entries({ CAUTIOUS, BALANCED, BOLD })) {
  const missing = d.items.filter((i) => a[i.key] === undefined).map((i) => i.key);
  const r = scoreResult(d, a, new Date()).risk!;
  console.log(name, 'missing', missing, 'tol', r.toleranceClass, r.toleranceScore.toFixed(2), 'suit', r.suitableClass, [...r.caps.filter(c=>c.lowers).map(c=>c.dimension+':'+c.maxClass), ...(r.rules??[]).filter(c=>c.lowers).map(c=>c.key+':'+c.maxClass)].join(' '), JSON.stringify(r.consistency), JSON.stringify(r.knowledge));
}
