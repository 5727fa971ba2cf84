// What else the account holds about a client, for their personal-data copy (issue 36 point 13, review M7): the
// decisions taken about their results and why, the weight profile their fit is measured against, the teams they are
// counted in, who looked at or changed their data (the audit trail's events about them: what, when, what kind of
// actor, allowed or refused; the staff member's identity is the account's, not the client's), and their own calls'
// addresses and browsers while the participant access log keeps them.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents, clientWeightProfiles, participantAccessLog, resultDecisions, teamMembers, teams, weightProfiles } from '../../db/schema';

export async function recordsAboutClient(db: Db, client: { id: string; accountId: string; token: string }, instances: { id: string; token: string }[]) {
  const ids = instances.map((i) => i.id);
  const tokens = instances.map((i) => i.token);
  const decisions = ids.length
    ? await db.select().from(resultDecisions).where(inArray(resultDecisions.instanceId, ids)).orderBy(asc(resultDecisions.createdAt))
    : [];
  const profiles = await db
    .select({ productType: clientWeightProfiles.productType, name: weightProfiles.name, version: weightProfiles.version, weights: weightProfiles.weights, assignedAt: clientWeightProfiles.assignedAt })
    .from(clientWeightProfiles)
    .innerJoin(weightProfiles, eq(weightProfiles.id, clientWeightProfiles.profileId))
    .where(eq(clientWeightProfiles.clientId, client.id));
  const memberships = await db
    .select({ team: teams.name, since: teamMembers.createdAt })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.clientId, client.id))
    .orderBy(asc(teamMembers.createdAt));
  const events = await db
    .select({ action: auditEvents.action, occurredAt: auditEvents.occurredAt, actorKind: auditEvents.actorKind, outcome: auditEvents.outcome })
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, client.accountId), eq(auditEvents.clientToken, client.token)))
    .orderBy(asc(auditEvents.seq));
  const ownCalls = tokens.length
    ? await db
        .select({ action: participantAccessLog.action, occurredAt: participantAccessLog.occurredAt, ip: participantAccessLog.ip, userAgent: participantAccessLog.userAgent })
        .from(participantAccessLog)
        .where(and(eq(participantAccessLog.accountId, client.accountId), inArray(participantAccessLog.resultToken, tokens)))
        .orderBy(asc(participantAccessLog.occurredAt))
    : [];
  return {
    decisionsOf: (instanceId: string) =>
      decisions.filter((d) => d.instanceId === instanceId).map((d) => ({ decision: d.decision, reason: d.reason, by: d.authorName, at: d.createdAt.toISOString() })),
    weightProfiles: profiles.map((p) => ({ productType: p.productType, name: p.name, version: p.version, weights: p.weights, assignedAt: p.assignedAt.toISOString() })),
    teams: memberships.map((m) => ({ team: m.team, since: m.since.toISOString() })),
    accessHistory: events.map((e) => ({ action: e.action, at: e.occurredAt.toISOString(), actor: e.actorKind, outcome: e.outcome })),
    ownAccessLog: ownCalls.map((c) => ({ action: c.action, at: c.occurredAt.toISOString(), ip: c.ip, browser: c.userAgent })),
  };
}
