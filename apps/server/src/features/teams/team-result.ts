// The team dashboard and the comparison of teams: mean and spread of the members' T-scores per dimension, each
// member counted once with their latest finished measurement of the campaign. One set-based query for any number
// of teams (no per-member loop); aggregates over fewer members than the k-anonymity floor are withheld.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TTeamComparison, TTeamDimensionStats, TTeamResult } from '@bq/contracts/teams';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { meetsAnonymityFloor } from '@bq/domain/anonymity';
import type { Locale } from '@bq/domain/locales';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { teams } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { dimensionNames, readerLocale, requireCampaign, type CampaignRow } from '../repeated-measurements/campaigns';
import { resultIsOpen } from '../results/locked-results';
import { anonymityFloorFor } from './anonymity-floor';
import { requireTeam, teamAnonymisation, teamsWithMembers } from './team-service';

interface StatsRow extends Record<string, unknown> {
  team_id: string;
  key: string | null;
  with_results: number | string;
  locked: number | string;
  n: number | string;
  mean: number | string | null;
  sd: number | string | null;
  min: number | string | null;
  max: number | string | null;
}

export interface TeamStats {
  withResults: number;
  /** Members whose latest finished measurement is locked: counted, never aggregated (decision 0029). */
  lockedNotIncluded: number;
  dimensions: Map<string, { count: number; mean: number; sd: number | null; min: number; max: number }>;
}

/**
 * Per team: how many members have a finished measurement in the campaign, and per dimension count, mean, sample
 * sd, min and max of their T-scores. A member whose latest finished measurement is locked is only counted apart:
 * with its values in the mean, min and max, a small team would give them away (decision 0029). The latest finished measurement per member comes from the campaign's
 * (campaign, client, measurement) index, its T-scores from the link row's trigger-kept copy (migration 0010).
 */
export async function teamStatistics(db: Db, accountId: string, campaignId: string, teamIds: string[]): Promise<Map<string, TeamStats>> {
  const result = await db.execute<StatsRow>(sql`
    with latest as (
      select tm.team_id, m.scores, ${resultIsOpen(sql`ii.lock_status`)} as open
      from team_members tm
      cross join lateral (
        select rmi.scores, rmi.instance_id from repeated_measurement_instances rmi
        where rmi.repeated_measurement_id = ${campaignId} and rmi.client_id = tm.client_id and rmi.finished
        order by rmi.measurement desc
        limit 1
      ) m
      -- The latest measurement's lock, by primary key: one probe per member.
      join interaction_instances ii on ii.id = m.instance_id
      where tm.team_id in (${sql.join(teamIds.map((id) => sql`${id}::uuid`), sql`, `)}) and tm.account_id = ${accountId}
    ), people as (
      select team_id, count(*) filter (where open) as with_results, count(*) filter (where not open) as locked
      from latest group by team_id
    ), scores as (
      select l.team_id, e.key, (e.value)::text::float8 as t
      from latest l cross join lateral jsonb_each(l.scores) e
      where l.open
    )
    select p.team_id, s.key, p.with_results, p.locked, count(s.t) as n, avg(s.t) as mean, stddev_samp(s.t) as sd,
           min(s.t) as min, max(s.t) as max
    from people p left join scores s on s.team_id = p.team_id
    group by p.team_id, p.with_results, p.locked, s.key`);
  const stats = new Map<string, TeamStats>();
  for (const row of (result as unknown as { rows: StatsRow[] }).rows) {
    const entry = stats.get(row.team_id) ?? { withResults: Number(row.with_results), lockedNotIncluded: Number(row.locked), dimensions: new Map() };
    if (row.key !== null && row.mean !== null) {
      entry.dimensions.set(row.key, {
        count: Number(row.n),
        mean: Number(row.mean),
        sd: row.sd === null ? null : Number(row.sd),
        min: Number(row.min),
        max: Number(row.max),
      });
    }
    stats.set(row.team_id, entry);
  }
  return stats;
}

const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

function dimensionStats(names: { key: string; name: string }[], stats: TeamStats | undefined, k: number): TTeamDimensionStats[] {
  return names.map(({ key, name }) => {
    const s = stats?.dimensions.get(key);
    const count = s?.count ?? 0;
    // Withheld below the floor, and also when the team as a whole is below it.
    const shown = s !== undefined && meetsAnonymityFloor(count, k) && meetsAnonymityFloor(stats?.withResults ?? 0, k);
    return {
      key,
      name,
      count,
      tooFewToShow: !shown,
      mean: shown ? round1(s.mean) : null,
      sd: shown ? round1(s.sd) : null,
      min: shown ? round1(s.min) : null,
      max: shown ? round1(s.max) : null,
    };
  });
}

/** A campaign and a team evaluate together only within one product configuration. */
function assertSameProduct(campaign: CampaignRow, productConfigurationId: string) {
  if (campaign.productConfigurationId !== productConfigurationId) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
}

function settled<T>(outcome: PromiseSettledResult<T>): T {
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
}

export async function teamResult(db: Db, auth: AuthContext, teamId: string, campaignId: string, requestedLocale?: Locale): Promise<TTeamResult> {
  // Independent look-ups side by side (PostgreSQL runs them on separate connections); the team's error wins, as
  // when they ran one after the other.
  const [teamLookup, campaignLookup, localeLookup] = await Promise.allSettled([
    requireTeam(db, auth, teamId, { entity: 'TEAMS', action: 'READ' }),
    requireCampaign(db, auth, campaignId, { entity: 'TEAMS', action: 'READ' }),
    readerLocale(db, auth, requestedLocale),
  ]);
  const team = settled(teamLookup);
  const campaign = settled(campaignLookup);
  const locale = settled(localeLookup);
  assertSameProduct(campaign, team.productConfigurationId);
  const [k, names, stats, [withMembers]] = await Promise.all([
    anonymityFloorFor(db, auth.accountId),
    dimensionNames(db, campaign.productType, locale),
    teamStatistics(db, auth.accountId, campaign.id, [team.id]),
    teamAnonymisation(db, auth, team, locale).then((anon) => teamsWithMembers(db, anon, [team])),
  ]);
  const teamStats = stats.get(team.id);
  const withResults = teamStats?.withResults ?? 0;
  return {
    team: withMembers!,
    repeatedMeasurementId: campaign.id,
    repeatedMeasurementName: campaign.name,
    locale,
    withResults,
    lockedNotIncluded: teamStats?.lockedNotIncluded ?? 0,
    anonymityK: k,
    tooFewToShow: !meetsAnonymityFloor(withResults, k),
    dimensions: dimensionStats(names, teamStats, k),
  };
}

export async function compareTeams(db: Db, auth: AuthContext, campaignId: string, teamIds: string[], requestedLocale?: Locale): Promise<TTeamComparison> {
  const campaign = await requireCampaign(db, auth, campaignId, { entity: 'TEAMS_COMPARISON', action: 'READ' });
  const rows = await db
    .select()
    .from(teams)
    .where(and(eq(teams.accountId, auth.accountId), inArray(teams.id, teamIds)));
  // Every team must be one of this account's in the campaign's product; one that is not is a missing one.
  if (rows.length !== teamIds.length || rows.some((t) => t.productConfigurationId !== campaign.productConfigurationId)) {
    throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  }
  const locale = await readerLocale(db, auth, requestedLocale);
  const [k, names, stats, memberCounts] = await Promise.all([
    anonymityFloorFor(db, auth.accountId),
    dimensionNames(db, campaign.productType, locale),
    teamStatistics(db, auth.accountId, campaign.id, teamIds),
    db.execute<{ team_id: string; n: number | string }>(sql`
      select team_id, count(*) as n from team_members
      where team_id in (${sql.join(teamIds.map((id) => sql`${id}::uuid`), sql`, `)}) group by team_id`),
  ]);
  const counts = new Map((memberCounts as unknown as { rows: { team_id: string; n: number | string }[] }).rows.map((r) => [r.team_id, Number(r.n)]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    repeatedMeasurementId: campaign.id,
    repeatedMeasurementName: campaign.name,
    locale,
    anonymityK: k,
    dimensions: names,
    // In the order asked for: the first team is the reference the screen reads the others against.
    teams: teamIds.map((id) => {
      const team = byId.get(id)!;
      const teamStats = stats.get(id);
      const withResults = teamStats?.withResults ?? 0;
      return {
        id,
        name: team.name,
        memberCount: counts.get(id) ?? 0,
        withResults,
        lockedNotIncluded: teamStats?.lockedNotIncluded ?? 0,
        tooFewToShow: !meetsAnonymityFloor(withResults, k),
        dimensions: dimensionStats(names, teamStats, k),
      };
    }),
  };
}
