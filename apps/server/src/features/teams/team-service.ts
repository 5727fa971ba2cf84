// Teams of a campaign: list, create, delete, add and remove members (clients of the campaign's product).
// Every team, campaign and client is looked up within the caller's account; another account's is a missing one.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TCreateTeamRequest, TTeam } from '@bq/contracts/teams';
import { ZCreateTeamRequest } from '@bq/contracts/teams';
import { ERROR_KEYS } from '@bq/contracts/errors';
import type { Action, Entity } from '@bq/domain/permissions';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { clientProducts, clients, teamMembers, teams } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { requireProductConfiguration, type ProductConfigurationRow } from '../products/product-access';
import { requireCampaign } from '../repeated-measurements/campaigns';
import type { Locale } from '@bq/domain/locales';
import { loadAnonymisation, type Anonymisation } from '../anonymisation/anonymise';
import { memberDisplayName, memberNameColumns } from './member-names';

export const TEAM_ERRORS = { duplicateName: 'error.teams.duplicate_name' } as const;

type TeamRow = typeof teams.$inferSelect;

export async function requireTeam(db: Db, auth: AuthContext, teamId: string, check: { entity: Entity; action: Action }): Promise<TeamRow> {
  const team = await teamOfAccount(db, auth, teamId);
  await requireProductConfiguration(db, auth, team.productConfigurationId, check);
  return team;
}

/** The team of the caller's account (another account's id is a missing one); no permission is checked. */
async function teamOfAccount(db: Db, auth: AuthContext, teamId: string): Promise<TeamRow> {
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.accountId, auth.accountId)))
    .limit(1);
  if (!team) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return team;
}

interface MemberRow extends Record<string, unknown> {
  team_id: string;
  token: string;
  first_name: string;
  last_name: string;
  anon_kind: string;
  anon_number: number | string | null;
}

/**
 * The teams with their members, as the viewer may see them (member-names.ts: the allow-list of the teams' product);
 * members as "name, first name", named ones by name, then anonymised ones by running number.
 */
export async function teamsWithMembers(db: Db, anon: Anonymisation, rows: TeamRow[]): Promise<TTeam[]> {
  if (rows.length === 0) return [];
  // Ordered in SQL: people shown by name by name, then anonymised people by running number, then masked ones, so
  // the order tells nothing about the names it hides.
  const result = await db.execute<MemberRow>(sql`
    select m.* from (
      select tm.team_id, c.token, c.first_name, c.last_name, ${memberNameColumns(anon, sql`c.id`)}
      from team_members tm join clients c on c.id = tm.client_id
      where tm.team_id in (${sql.join(rows.map((r) => sql`${r.id}::uuid`), sql`, `)})
      offset 0 -- not flattened: each member's kind is decided once, not once per ORDER BY term
    ) m
    order by case m.anon_kind when 'NAME' then 0 when 'NUMBER' then 1 else 2 end,
      case when m.anon_kind = 'NAME' then lower(m.last_name) end, case when m.anon_kind = 'NAME' then lower(m.first_name) end,
      m.anon_number, m.token`);
  const members = (result as unknown as { rows: MemberRow[] }).rows.map((m) => ({
    teamId: m.team_id,
    token: m.token,
    ...memberDisplayName(anon, { firstName: m.first_name, lastName: m.last_name, anon_kind: m.anon_kind, anon_number: m.anon_number }),
  }));
  return rows.map((team) => ({
    id: team.id,
    name: team.name,
    productConfigurationId: team.productConfigurationId,
    repeatedMeasurementId: team.repeatedMeasurementId,
    createdAt: team.createdAt.toISOString(),
    members: members
      .filter((m) => m.teamId === team.id)
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
      .map(({ teamId, ...member }) => member),
  }));
}

/** The viewer's anonymisation for a team's product (one lookup per request). */
export function teamAnonymisation(db: Db, auth: AuthContext, team: Pick<TeamRow, 'productConfigurationId'>, locale?: Locale): Promise<Anonymisation> {
  return loadAnonymisation(db, auth, team.productConfigurationId, locale);
}

export async function listTeams(db: Db, auth: AuthContext, repeatedMeasurementId: string): Promise<TTeam[]> {
  const campaign = await requireCampaign(db, auth, repeatedMeasurementId, { entity: 'TEAMS', action: 'READ' });
  const rows = await db
    .select()
    .from(teams)
    .where(and(eq(teams.accountId, auth.accountId), eq(teams.repeatedMeasurementId, campaign.id)))
    .orderBy(sql`lower(${teams.name})`, asc(teams.id));
  return teamsWithMembers(db, await teamAnonymisation(db, auth, campaign), rows);
}

/** The clients of these tokens in the configuration; any token that is not one of them is a missing client (404). */
async function clientIdsOf(db: Db, accountId: string, productConfigurationId: string, tokens: string[]): Promise<string[]> {
  const unique = [...new Set(tokens)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: clients.id })
    .from(clients)
    .innerJoin(clientProducts, and(eq(clientProducts.clientId, clients.id), eq(clientProducts.productConfigurationId, productConfigurationId)))
    .where(and(eq(clients.accountId, accountId), inArray(clients.token, unique)));
  if (found.length !== unique.length) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return found.map((f) => f.id);
}

export async function createTeam(db: Db, auth: AuthContext, input: TCreateTeamRequest): Promise<TTeam> {
  const request = ZCreateTeamRequest.parse(input);
  const campaign = await requireCampaign(db, auth, request.repeatedMeasurementId, { entity: 'TEAMS', action: 'CREATE' });
  const clientIds = await clientIdsOf(db, auth.accountId, campaign.productConfigurationId, request.userTokens);
  const team = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(teams)
      .values({
        accountId: auth.accountId,
        productConfigurationId: campaign.productConfigurationId,
        repeatedMeasurementId: campaign.id,
        name: request.name,
        createdBy: auth.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(TEAM_ERRORS.duplicateName, 409, 'A team of this name exists in the campaign');
    if (clientIds.length > 0) {
      await tx.insert(teamMembers).values(clientIds.map((clientId) => ({ teamId: row.id, clientId, accountId: auth.accountId })));
    }
    return row;
  });
  return (await teamsWithMembers(db, await teamAnonymisation(db, auth, team), [team]))[0]!;
}

export async function deleteTeam(db: Db, auth: AuthContext, teamId: string): Promise<void> {
  const team = await requireTeam(db, auth, teamId, { entity: 'TEAMS', action: 'DELETE' });
  await db.delete(teams).where(eq(teams.id, team.id));
}

/**
 * A team addressed under a product configuration: the two must belong together, else the path names nothing. The
 * configuration is the route's declared product, its TEAMS/UPDATE already checked in its realm (docs/decisions/0081).
 */
async function requireTeamInConfig(db: Db, auth: AuthContext, config: ProductConfigurationRow, teamId: string): Promise<TeamRow> {
  const team = await teamOfAccount(db, auth, teamId);
  if (team.productConfigurationId !== config.id) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return team;
}

export async function addTeamMembers(db: Db, auth: AuthContext, config: ProductConfigurationRow, teamId: string, userTokens: string[]): Promise<TTeam> {
  const team = await requireTeamInConfig(db, auth, config, teamId);
  const clientIds = await clientIdsOf(db, auth.accountId, team.productConfigurationId, userTokens);
  await db
    .insert(teamMembers)
    .values(clientIds.map((clientId) => ({ teamId: team.id, clientId, accountId: auth.accountId })))
    .onConflictDoNothing();
  return (await teamsWithMembers(db, await teamAnonymisation(db, auth, team), [team]))[0]!;
}

export async function removeTeamMember(db: Db, auth: AuthContext, config: ProductConfigurationRow, teamId: string, memberToken: string): Promise<TTeam> {
  const team = await requireTeamInConfig(db, auth, config, teamId);
  const removed = await db
    .delete(teamMembers)
    .where(
      and(
        eq(teamMembers.teamId, team.id),
        inArray(teamMembers.clientId, db.select({ id: clients.id }).from(clients).where(and(eq(clients.accountId, auth.accountId), eq(clients.token, memberToken)))),
      ),
    )
    .returning({ clientId: teamMembers.clientId });
  if (removed.length === 0) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return (await teamsWithMembers(db, await teamAnonymisation(db, auth, team), [team]))[0]!;
}
