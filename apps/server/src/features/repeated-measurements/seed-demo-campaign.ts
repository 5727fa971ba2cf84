// The demo's repeated measurement: twelve employees in the selection product, measured twice (about three months
// apart, two of them once so far), in two teams of six. Enough finished results for team dashboards above the
// k-anonymity floor and for changes, some of them reliable, some within measurement error.
import { clientProducts, clients, repeatedMeasurements, teamMembers, teams } from '../../db/schema';
import type { Db } from '../../db/client';
import { newPublicToken } from '../clients/client-tokens';
import { insertFinishedMeasurement } from './seed-measurements';

const DAY = 86_400_000;
export const DEMO_CAMPAIGN_NAME = 'Leadership programme 2026';
export const DEMO_TEAMS = ['Sales', 'Operations'] as const;

const PEOPLE = [
  ['Anna', 'Schmidt', 'DE_DE'], ['Ben', 'Fischer', 'DE_DE'], ['Chloe', 'Martin', 'EN_UK'], ['David', 'Klein', 'DE_DE'],
  ['Eva', 'Wolf', 'DE_DE'], ['Felix', 'Braun', 'DE_DE'], ['Grace', 'Taylor', 'EN_US'], ['Henry', 'Walker', 'EN_US'],
  ['Ida', 'Zimmermann', 'DE_DE'], ['Jonas', 'Krüger', 'DE_DE'], ['Kate', 'Evans', 'EN_UK'], ['Leon', 'Hofmann', 'DE_DE'],
] as const;

export async function seedDemoCampaign(tx: Db, opts: { accountId: string; initiatorId: string; productConfigurationId: string }): Promise<void> {
  const [campaign] = await tx
    .insert(repeatedMeasurements)
    .values({ accountId: opts.accountId, productConfigurationId: opts.productConfigurationId, name: DEMO_CAMPAIGN_NAME, createdBy: opts.initiatorId, createdAt: new Date(Date.now() - 95 * DAY) })
    .returning();
  const clientIds: string[] = [];
  for (const [index, [firstName, lastName, locale]] of PEOPLE.entries()) {
    const [client] = await tx
      .insert(clients)
      .values({
        accountId: opts.accountId,
        token: newPublicToken(),
        firstName,
        lastName,
        email: `${firstName}.${lastName}@example.com`.toLowerCase().replace('ü', 'ue'),
        clientGroup: 'ESTABLISHED',
        locale,
        createdBy: opts.initiatorId,
        createdAt: new Date(Date.now() - 100 * DAY),
      })
      .returning();
    await tx.insert(clientProducts).values({ clientId: client!.id, productConfigurationId: opts.productConfigurationId, accountId: opts.accountId });
    clientIds.push(client!.id);
    const common = { accountId: opts.accountId, productConfigurationId: opts.productConfigurationId, productType: 'BQ_SELECTION' as const, campaignId: campaign!.id, clientId: client!.id, initiatorId: opts.initiatorId };
    await insertFinishedMeasurement(tx, { ...common, measurement: 1, seed: 700 + index, filledAt: new Date(Date.now() - (90 - index) * DAY) });
    if (index % 6 !== 5) {
      // The same person three months on: some answers changed (more for some people), so some changes are real
      // and some are within measurement error.
      await insertFinishedMeasurement(tx, {
        ...common,
        measurement: 2,
        seed: 800 + index,
        changedFrom: { seed: 700 + index, share: [0.2, 0.35, 0.5][index % 3]! },
        filledAt: new Date(Date.now() - (12 - index) * DAY),
      });
    }
  }
  for (const [t, name] of DEMO_TEAMS.entries()) {
    const [team] = await tx
      .insert(teams)
      .values({ accountId: opts.accountId, productConfigurationId: opts.productConfigurationId, repeatedMeasurementId: campaign!.id, name, createdBy: opts.initiatorId })
      .returning();
    await tx.insert(teamMembers).values(clientIds.slice(t * 6, t * 6 + 6).map((clientId) => ({ teamId: team!.id, clientId, accountId: opts.accountId })));
  }
}
