// GET /api/comp/BQS_COMP?instanceToken1=&instanceToken2=: similarity of two results as a whole number, 100 for
// identical profiles; -1 when they cannot be compared (unknown or another account's token, not completed,
// locked, different interaction). Both answers look the same for a missing and a foreign token.
import { and, eq, inArray } from 'drizzle-orm';
import type { TComparison } from '@bq/contracts/dashboard';
import { hasResult } from '@bq/domain/interaction-lifecycle';
import { hasPermission } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { profileSimilarity } from '@bq/scoring/similarity';
import type { Db } from '../../db/client';
import { interactionInstances, productConfigurations } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { getInteractionDefinition } from '../interactions/definitions';

const notComparable = (reason: NonNullable<TComparison['reason']>): TComparison => ({ similarity: -1, shape: null, level: null, reason });

export async function compareResults(db: Db, auth: AuthContext, token1: string, token2: string): Promise<TComparison> {
  const rows = await db
    .select({ instance: interactionInstances, productType: productConfigurations.productType })
    .from(interactionInstances)
    .innerJoin(productConfigurations, eq(productConfigurations.id, interactionInstances.productConfigurationId))
    .where(and(eq(interactionInstances.accountId, auth.accountId), inArray(interactionInstances.token, [token1, token2])));
  const a = rows.find((r) => r.instance.token === token1);
  const b = rows.find((r) => r.instance.token === token2);
  const readable = (r: typeof a) =>
    r && hasPermission(auth.permissions, { realm: PRODUCT_TYPE_INFO[r.productType].realm, entity: 'INDIVIDUAL_COMPARISON', action: 'READ' });
  if (!a || !b || !readable(a) || !readable(b)) return notComparable('not_found');
  for (const r of [a, b]) {
    if (!hasResult(r.instance.status) || !r.instance.results) return notComparable('not_completed');
    if (r.instance.lockStatus === 'LOCKED') return notComparable('locked');
  }
  // Self and observer versions of one questionnaire (comparableWith) share dimensions and can be set side by side.
  const sameOrPaired = a.instance.interactionId === b.instance.interactionId || getInteractionDefinition(a.instance.interactionId)?.comparableWith === b.instance.interactionId;
  if (!sameOrPaired) return notComparable('different_interaction');
  const scores = (r: typeof a) => Object.fromEntries(r!.instance.results!.dimensions.map((d) => [d.key, d.t ?? null]));
  const result = profileSimilarity({ scores: scores(a) }, { scores: scores(b) });
  if (result.similarity === -1) return notComparable(result.reason ?? 'different_dimensions');
  return { similarity: result.similarity, shape: Math.round(result.shape! * 100), level: Math.round(result.level! * 100), reason: null };
}
