// Everything held about one client, as the JSON file of their personal-data copy (GDPR Art. 15 and 20): identity
// (the external id too), products, every interaction with its answers and results, their own self-identification
// (docs/decisions/0063: the one way it leaves its table per person), the adviser's resolution notes and the decisions
// about them with their reasons, weight profiles, teams, the access history (records-about-client.ts), the mails sent
// to them, and the privacy policy shown in their language. A LOCKED result lists its answers but not its scores: the
// scores are shown only once unlocked (docs/decisions/0029), which the adviser can do before handing the copy over.
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { hasResult, type InteractionStatus } from '@bq/domain/interaction-lifecycle';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import type { ReportType } from '@bq/contracts/reports';
import type { Db } from '../../db/client';
import { accounts, consistencyResolutions, interactionInstances, mailOutbox, privacyPolicies, productConfigurations, selfIdentifications } from '../../db/schema';
import type { DataSubject } from './data-subject';
import { recordsAboutClient } from './records-about-client';
import { portfoliosOfClient } from '../portfolio/portfolio-records';

export interface ReportToRender {
  instanceToken: string;
  interactionType: ReportType;
  /** The PDF's path inside the ZIP. */
  path: string;
}

/** The report a result has as a PDF, when it can be shown (calculated and not locked). */
function reportTypeOf(productType: ProductType, status: InteractionStatus, lockStatus: string): ReportType | null {
  if (!hasResult(status) || lockStatus === 'LOCKED') return null;
  const kind = PRODUCT_TYPE_INFO[productType].dashboardKind;
  return kind === 'BQA' ? 'bqa' : kind ? 'bqp' : null;
}

/** What the person stated, as stored (null: not stated or not asked; PREFER_NOT_TO_SAY: declined), with when. */
function selfIdentificationOf(row: typeof selfIdentifications.$inferSelect | undefined) {
  if (!row) return null;
  return { sex: row.sex, ageBand: row.ageBand, ethnicGroup: row.ethnicGroup, statedAt: row.createdAt.toISOString(), changedAt: row.updatedAt.toISOString() };
}

export async function collectPersonalData(db: Db, subject: DataSubject, now = new Date()) {
  const { client } = subject;
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, client.accountId));
  const instances = await db
    .select({ instance: interactionInstances, productType: productConfigurations.productType })
    .from(interactionInstances)
    .innerJoin(productConfigurations, eq(productConfigurations.id, interactionInstances.productConfigurationId))
    .where(eq(interactionInstances.clientId, client.id))
    .orderBy(asc(interactionInstances.createdAt));
  const instanceIds = instances.map((i) => i.instance.id);
  const notes = instanceIds.length
    ? await db.select().from(consistencyResolutions).where(inArray(consistencyResolutions.instanceId, instanceIds)).orderBy(asc(consistencyResolutions.createdAt))
    : [];
  // The person asks for their copy (the account's privacy contact hands it over): it must hold what they stated too.
  const statements = instanceIds.length ? await db.select().from(selfIdentifications).where(inArray(selfIdentifications.instanceId, instanceIds)) : [];
  const mails = await db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.accountId, client.accountId),
        instanceIds.length ? or(eq(mailOutbox.toAddress, client.email), inArray(mailOutbox.instanceId, instanceIds)) : eq(mailOutbox.toAddress, client.email),
      ),
    )
    .orderBy(asc(mailOutbox.createdAt));
  const policies = await db.select().from(privacyPolicies).where(eq(privacyPolicies.accountId, client.accountId));
  const more = await recordsAboutClient(db, client, instances.map((i) => i.instance));

  const reports: ReportToRender[] = [];
  const results = instances.map(({ instance, productType }, index) => {
    const type = reportTypeOf(productType as ProductType, instance.status as InteractionStatus, instance.lockStatus);
    const path = type ? `reports/${String(index + 1).padStart(2, '0')}-${PRODUCT_TYPE_INFO[productType as ProductType].interactionSlug}-${type}.pdf` : null;
    if (type && path) reports.push({ instanceToken: instance.token, interactionType: type, path });
    return {
      token: instance.token,
      productType,
      interactionId: instance.interactionId,
      status: instance.status,
      lockStatus: instance.lockStatus,
      createdAt: instance.createdAt.toISOString(),
      openedAt: instance.openedAt?.toISOString() ?? null,
      filledAt: instance.filledAt?.toISOString() ?? null,
      expiresAt: instance.expiresAt?.toISOString() ?? null,
      definitionVersion: instance.definitionVersion,
      answers: instance.answers,
      results: instance.lockStatus === 'LOCKED' ? null : instance.results,
      resultsWithheld: instance.lockStatus === 'LOCKED' && instance.results !== null,
      selfIdentification: selfIdentificationOf(statements.find((st) => st.instanceId === instance.id)),
      adviserNotes: notes.filter((n) => n.instanceId === instance.id).map((n) => ({ author: n.authorName, note: n.note, createdAt: n.createdAt.toISOString() })),
      decisions: more.decisionsOf(instance.id),
      reportFile: path,
    };
  });

  const json = {
    format: 'bq-personal-data/1',
    generatedAt: now.toISOString(),
    controller: account?.name ?? null,
    client: {
      token: client.token,
      firstName: client.firstName,
      lastName: client.lastName,
      email: client.email,
      phone: client.phone,
      externalId: client.externalId,
      salutation: client.salutation,
      group: client.clientGroup,
      locale: client.locale,
      createdAt: client.createdAt.toISOString(),
      updatedAt: client.updatedAt.toISOString(),
      erasedAt: client.erasedAt?.toISOString() ?? null,
    },
    products: subject.products.map((p) => ({ productType: p.productType, active: p.active, since: p.since.toISOString() })),
    results,
    weightProfiles: more.weightProfiles,
    portfolios: await portfoliosOfClient(db, client.id),
    teams: more.teams,
    accessHistory: more.accessHistory,
    ownAccessLog: more.ownAccessLog,
    mails: mails.map((m) => ({
      kind: m.kind,
      to: m.toAddress,
      subject: m.subject,
      text: m.textBody,
      status: m.status,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
    // The questionnaire shows the account's policy in the participant's language before the first answer; the
    // policy has one current version per language, identified by when it was last changed.
    privacyPolicy: policies
      .filter((p) => p.locale === client.locale)
      .map((p) => ({ locale: p.locale, version: p.updatedAt.toISOString(), text: p.text })),
    consent: results.filter((r) => r.openedAt).map((r) => ({ interactionId: r.interactionId, privacyPolicyShownAt: r.openedAt })),
  };
  return { json, reports };
}
