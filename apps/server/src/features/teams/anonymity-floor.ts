// The k-anonymity floor of an account's team aggregates (DESIGN.md section 4): the ONE lookup, the account's own
// setting (Settings > Anonymisation, default 5), never below 3. Team aggregates keep it whether or not the members
// are anonymised for the viewer (decision 0020): a team result of fewer people shows individuals to anyone who
// knows the team.
import { ANONYMITY_K_MIN } from '@bq/domain/anonymity';
import type { Db } from '../../db/client';
import { accountAnonymityK } from '../anonymisation/anonymise';

export async function anonymityFloorFor(db: Db, accountId: string): Promise<number> {
  return Math.max(ANONYMITY_K_MIN, await accountAnonymityK(db, accountId));
}
