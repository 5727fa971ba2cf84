// Participants of a campaign: add one (a new measurement = a new instance of the campaign's interaction), list
// them with their measurements and the change between the first and the latest finished one.
import { and, eq, sql } from 'drizzle-orm';
import type { TAddParticipantResponse, TParticipant, TParticipantsResponse } from '@bq/contracts/repeated-measurements';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { initials } from '@bq/domain/initials';
import type { InteractionStatus } from '@bq/domain/interaction-lifecycle';
import type { Locale } from '@bq/domain/locales';
import { AppError } from '../../app-error';
import type { Db, Tx } from '../../db/client';
import { clients, interactionInstances, repeatedMeasurementInstances } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { createInstance } from '../instances/instance-service';
import { configurationOfAccount } from '../products/product-access';
import { loadAnonymisation, type Anonymisation } from '../anonymisation/anonymise';
import { isLocked, resultIsOpen } from '../results/locked-results';
import { memberDisplayName, memberNameColumns } from '../teams/member-names';
import { campaignSummary, dimensionNames, readerLocale, requireCampaign } from './campaigns';
import { dimensionChanges, type StoredDimensionScore } from './measurement-change';

export const REPEATED_MEASUREMENT_ERRORS = {
  openMeasurement: 'error.repeated_measurement.open_measurement',
} as const;

const FINISHED: InteractionStatus[] = ['RESULTS_AVAILABLE', 'PREDICTION_ERROR', 'ERROR', 'CLOSED'];

export async function addParticipant(
  db: Db,
  auth: AuthContext,
  campaignId: string,
  input: { userToken: string; sendInvitationEmail: boolean; allowSecondOpen: boolean },
  queueInvitation: (tx: Tx, instance: typeof interactionInstances.$inferSelect) => Promise<unknown>,
): Promise<TAddParticipantResponse> {
  const campaign = await requireCampaign(db, auth, campaignId, { entity: 'INTERACTION_INSTANCE', action: 'CREATE' });
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.accountId, auth.accountId), eq(clients.token, input.userToken)))
    .limit(1);
  if (!client) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  const [latest] = await db
    .select({ measurement: repeatedMeasurementInstances.measurement, status: interactionInstances.status })
    .from(repeatedMeasurementInstances)
    .innerJoin(interactionInstances, eq(interactionInstances.id, repeatedMeasurementInstances.instanceId))
    .where(and(eq(repeatedMeasurementInstances.repeatedMeasurementId, campaign.id), eq(repeatedMeasurementInstances.clientId, client.id)))
    .orderBy(sql`${repeatedMeasurementInstances.measurement} desc`)
    .limit(1);
  // One open questionnaire per participant and campaign: the next measurement starts after the last one finished.
  if (latest && !FINISHED.includes(latest.status)) {
    throw new AppError(REPEATED_MEASUREMENT_ERRORS.openMeasurement, 409, 'The participant has not finished the current measurement');
  }
  const measurement = (latest?.measurement ?? 0) + 1;
  // createInstance checks the client's membership in the product, its activity and the interaction limit; the
  // link to the campaign is written in the instance's own transaction (its hook), so neither exists without the other.
  // The campaign's product: of this account, and its realm checked with the campaign above.
  const config = (await configurationOfAccount(db, auth.accountId, campaign.productConfigurationId))!;
  const instance = await createInstance(
    db,
    auth,
    config,
    // The campaign's own open measurement is refused above. An open questionnaire of the product sent outside the
    // campaign is asked about like a single send's (409 error.interaction.already_open with its dates) unless the
    // evaluator said a second one is meant (docs/decisions/0084).
    { productConfigurationId: campaign.productConfigurationId, clientToken: input.userToken, sendInvitationEmail: true, autoReminder: true, autoSendReport: false, allowSecondOpen: input.allowSecondOpen },
    async (tx, row) => {
      await tx.insert(repeatedMeasurementInstances).values({
        repeatedMeasurementId: campaign.id,
        instanceId: row.id,
        clientId: client.id,
        accountId: auth.accountId,
        measurement,
      });
      if (input.sendInvitationEmail) await queueInvitation(tx, row);
    },
  );
  return { instanceToken: instance.token, userToken: input.userToken, measurement };
}

interface MeasurementRow extends Record<string, unknown> {
  client_token: string;
  first_name: string;
  last_name: string;
  instance_token: string;
  measurement: number;
  status: InteractionStatus;
  lock_status: string;
  created_at: string | Date;
  filled_at: string | Date | null;
  dimensions: StoredDimensionScore[] | null;
  anon_kind: string;
  anon_number: number | string | null;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** Every measurement of the campaign, one query, in participant and measurement order. */
async function measurementRows(db: Db, accountId: string, campaignId: string, anon: Anonymisation): Promise<MeasurementRow[]> {
  const result = await db.execute<MeasurementRow>(sql`
    select c.token as client_token, c.first_name, c.last_name, ii.token as instance_token, rmi.measurement,
           ii.status, ii.lock_status, ii.created_at, ii.filled_at,
           case when ii.status = 'RESULTS_AVAILABLE' and ${resultIsOpen(sql`ii.lock_status`)} then ii.results->'dimensions' end as dimensions,
           ${memberNameColumns(anon, sql`c.id`)}
    from repeated_measurement_instances rmi
    join clients c on c.id = rmi.client_id
    join interaction_instances ii on ii.id = rmi.instance_id
    where rmi.repeated_measurement_id = ${campaignId} and rmi.account_id = ${accountId}
    order by lower(c.last_name), lower(c.first_name), c.token, rmi.measurement`);
  return (result as unknown as { rows: MeasurementRow[] }).rows;
}

export function groupParticipants(rows: MeasurementRow[], names: { key: string; name: string }[], anon: Anonymisation | null): TParticipant[] {
  const byClient = new Map<string, MeasurementRow[]>();
  for (const row of rows) byClient.set(row.client_token, [...(byClient.get(row.client_token) ?? []), row]);
  return [...byClient.values()].map((measurements) => {
    const person = measurements[0]!;
    const completed = measurements.filter((m) => m.status === 'RESULTS_AVAILABLE');
    const locked = completed.some((m) => isLocked(m.lock_status));
    const display = memberDisplayName(anon, { firstName: person.first_name, lastName: person.last_name, anon_kind: person.anon_kind, anon_number: person.anon_number });
    return {
      userToken: person.client_token,
      fullName: display.fullName,
      initials: display.anonymizationKind === 'NAME' ? display.initials || initials(person.first_name, person.last_name) : display.initials,
      measurements: measurements.map((m) => ({
        instanceToken: m.instance_token,
        measurement: Number(m.measurement),
        status: m.status,
        createdAt: iso(m.created_at)!,
        filledAt: iso(m.filled_at),
      })),
      completedCount: completed.length,
      locked,
      // A result not yet unlocked with a credit shows no scores, so neither does its change.
      changes: !locked && completed.length >= 2 ? dimensionChanges(names, completed[0]!.dimensions, completed.at(-1)!.dimensions) : [],
    };
  });
}

export async function listParticipants(
  db: Db,
  auth: AuthContext,
  campaignId: string,
  opts: { showOnlyCompleted: boolean; locale?: Locale },
): Promise<TParticipantsResponse> {
  const campaign = await requireCampaign(db, auth, campaignId, { entity: 'INDIVIDUAL_RESULTS', action: 'READ' });
  const locale = await readerLocale(db, auth, opts.locale);
  const anon = await loadAnonymisation(db, auth, campaign.productConfigurationId, locale);
  const [rows, names, summary] = await Promise.all([
    measurementRows(db, auth.accountId, campaign.id, anon),
    dimensionNames(db, campaign.productType, locale),
    campaignSummary(db, campaign),
  ]);
  const participants = groupParticipants(rows, names, anon);
  return {
    repeatedMeasurement: summary,
    // "Completed": the participant's latest measurement has its results (docs/decisions/0020).
    participants: opts.showOnlyCompleted ? participants.filter((p) => p.measurements.at(-1)?.status === 'RESULTS_AVAILABLE') : participants,
  };
}
