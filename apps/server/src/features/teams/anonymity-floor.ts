// The k-anonymity floor of an account's team aggregates (DESIGN.md section 4): the ONE lookup, so the account's own
// setting can be plugged in here. Until then every account uses the default.
import { ANONYMITY_K_DEFAULT, ANONYMITY_K_MIN } from '@bq/domain/anonymity';
import type { Db } from '../../db/client';

export async function anonymityFloorFor(_db: Db, _accountId: string): Promise<number> {
  return Math.max(ANONYMITY_K_MIN, ANONYMITY_K_DEFAULT);
}
