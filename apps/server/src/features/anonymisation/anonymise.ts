// The ONE place that decides how a client's name is shown to an evaluator (spec section 5, docs/decisions/0021),
// and the k floor for aggregates over anonymised people (DESIGN.md section 4). Every feature that lists clients or
// aggregates their results calls it; nothing else reads the allow-list.
//
// How to use it (client list, BI, comparison, teams, exports):
//
//   import { loadAnonymisation, anonymisationColumns, applyAnonymisation, aggregateVisible } from '../anonymisation/anonymise';
//
//   // 1. Once per request, after the product configuration is checked (productConfigurationId is the caller's):
//   const anon = await loadAnonymisation(db, auth, productConfigurationId, locale);   // locale: texts, default user's
//   // 2. In the SQL that reads clients, add the two columns for the client id expression (any alias):
//   const rows = await db.execute(sql`select c.first_name, c.last_name, c.email, c.phone, ${anonymisationColumns(anon, sql`c.id`)}
//                                     from clients c where ...`);
//   // 3. Per row: masks firstName/lastName/email/phone and adds anonymize, anonymizedName, anonymizedInitials,
//   //    anonymizationKind (contracts: ZAnonymizedFields). Never send a row that skipped this step.
//   const shown = applyAnonymisation(anon, { firstName: r.first_name, lastName: r.last_name, email: r.email,
//                                            phone: r.phone, anon_kind: r.anon_kind, anon_number: r.anon_number });
//   // 4. Aggregates (mean, spread, counts): show a figure over `count` people, `anonymised` of them anonymised,
//   //    only when aggregateVisible(anon, count, anonymised); otherwise "too few to show" (BQUI anonymisation.tooFew).
//   //    anonymisedCountSql(anon, sql`c.id`) gives `1` or `0` per row to sum in SQL.
//   // 5. Searching names: add searchableByNameSql(anon, sql`c.id`) to a name search, so a search never finds an
//   //    anonymised person by their real name.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ANONYMITY_K_DEFAULT, meetsAnonymityFloor } from '@bq/domain/anonymity';
import { MASKED_NAME, type AnonymisationKind, type TAnonymizedFields } from '@bq/contracts/anonymisation';
import type { Locale } from '@bq/domain/locales';
import { RESULT_STATUSES } from '@bq/domain/interaction-lifecycle';
import type { Db } from '../../db/client';
import { accountAnonymisation, anonymisationUserSettings, users } from '../../db/schema';
import { prepared } from '../../db/prepared';
import { languageTexts } from '../translations/translation-cache';
import type { AuthContext } from '../../plugins/auth';

export const USER_TEXT_KEY = 'anonymisation.userText';

export interface Anonymisation {
  /** The viewer's allow-list is on: clients not on it are anonymised. */
  enabled: boolean;
  userId: string;
  accountId: string;
  productConfigurationId: string;
  /** The account's floor for aggregates (>= 3). */
  k: number;
  /** "Client" in the request's language: the anonymised name is this text plus the running number. */
  userText: string;
}

/** The viewer's allow-list switch, saved language and the account's k: one prepared query (db/prepared.ts). */
const viewerSettingsQuery = prepared((db: Db) =>
  db
    .select({
      enabled: anonymisationUserSettings.allowListEnabled,
      locale: users.locale,
      k: sql<number | null>`(select aa.anonymity_k from account_anonymisation aa where aa.account_id = ${users.accountId})`,
    })
    .from(users)
    .leftJoin(anonymisationUserSettings, eq(anonymisationUserSettings.userId, users.id))
    .where(and(eq(users.id, sql.placeholder('userId')), eq(users.accountId, sql.placeholder('accountId'))))
    .prepare('anonymisation_viewer_settings'),
);

export async function loadAnonymisation(db: Db, auth: Pick<AuthContext, 'userId' | 'accountId' | 'viewerSettings'>, productConfigurationId: string, locale?: Locale): Promise<Anonymisation> {
  // Every list, comparison, team view and export starts here: with a session, no query (the settings came with the
  // cached session, plugins/sessions.ts); with an API credential one. The user text comes from the process's copy of
  // the translations (translation-cache.ts).
  const settings = auth.viewerSettings
    ? { enabled: auth.viewerSettings.allowListEnabled, locale: auth.viewerSettings.locale, k: auth.viewerSettings.anonymityK }
    : (await viewerSettingsQuery(db).execute({ userId: auth.userId, accountId: auth.accountId }))[0];
  const language = locale ?? settings?.locale ?? 'EN_US';
  const userText = (await languageTexts(db, language)).ofType('BQUI').get(USER_TEXT_KEY);
  return {
    enabled: settings?.enabled ?? false,
    userId: auth.userId,
    accountId: auth.accountId,
    productConfigurationId,
    k: settings?.k ?? ANONYMITY_K_DEFAULT,
    userText: userText ?? 'Client',
  };
}

export async function accountAnonymityK(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ k: accountAnonymisation.anonymityK }).from(accountAnonymisation).where(eq(accountAnonymisation.accountId, accountId));
  return row?.k ?? ANONYMITY_K_DEFAULT;
}

const resultStatuses = sql.join(
  RESULT_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

function onAllowList(anon: Anonymisation, clientId: SQL): SQL {
  return sql`exists (select 1 from anonymization_allow_list anon_al
    where anon_al.user_id = ${anon.userId} and anon_al.product_configuration_id = ${anon.productConfigurationId} and anon_al.client_id = ${clientId})`;
}

/**
 * Two columns for the client whose id is `clientId`: anon_kind (NAME, NUMBER or STARS) and anon_number (the client's
 * running number in the account). NUMBER: not on the list and a participant (a finished result in the product);
 * STARS: not on the list and no result; NAME: on the list, or the list is off.
 */
export function anonymisationColumns(anon: Anonymisation, clientId: SQL): SQL {
  if (!anon.enabled) return sql`'NAME' as anon_kind, null::int as anon_number`;
  return sql`case
      when ${onAllowList(anon, clientId)} then 'NAME'
      when exists (select 1 from interaction_instances anon_ii
        where anon_ii.client_id = ${clientId} and anon_ii.product_configuration_id = ${anon.productConfigurationId}
          and anon_ii.status in (${resultStatuses})) then 'NUMBER'
      else 'STARS' end as anon_kind,
    (select cn.number from client_numbers cn where cn.client_id = ${clientId}) as anon_number`;
}

/** 1 when the client is anonymised for this viewer, else 0: sum it beside count(*) for aggregateVisible. */
export function anonymisedCountSql(anon: Anonymisation, clientId: SQL): SQL {
  if (!anon.enabled) return sql`0`;
  return sql`(case when ${onAllowList(anon, clientId)} then 0 else 1 end)`;
}

/** A condition for name searches: true for the clients whose real name the viewer may search. */
export function searchableByNameSql(anon: Anonymisation, clientId: SQL): SQL {
  if (!anon.enabled) return sql`true`;
  return onAllowList(anon, clientId);
}

export interface AnonymisableRow {
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string | null;
  anon_kind: string;
  anon_number: number | string | null;
}

/** Masks the row's identifying fields as its kind says and adds the spec's anonymize fields. */
export function applyAnonymisation<T extends AnonymisableRow>(
  anon: Anonymisation,
  row: T,
): Omit<T, 'anon_kind' | 'anon_number'> & TAnonymizedFields {
  const { anon_kind, anon_number, ...rest } = row;
  const kind = (anon.enabled ? anon_kind : 'NAME') as AnonymisationKind;
  if (kind === 'NAME') return { ...rest, anonymize: false, anonymizedName: null, anonymizedInitials: null, anonymizationKind: 'NAME' };
  const masked = {
    ...rest,
    ...(rest.email !== undefined ? { email: '' } : {}),
    ...(rest.phone !== undefined ? { phone: null } : {}),
  };
  if (kind === 'STARS') {
    return { ...masked, firstName: MASKED_NAME, lastName: MASKED_NAME, anonymize: false, anonymizedName: null, anonymizedInitials: null, anonymizationKind: 'STARS' };
  }
  const number = anon_number === null ? '' : String(anon_number);
  return {
    ...masked,
    firstName: '',
    lastName: '',
    anonymize: true,
    anonymizedName: `${anon.userText} ${number}`.trim(),
    anonymizedInitials: `${anon.userText.charAt(0).toUpperCase()}${number}`,
    anonymizationKind: 'NUMBER',
  };
}

/** Whether an aggregate over `count` people, `anonymised` of them anonymised, may be shown (k floor). */
export function aggregateVisible(anon: Anonymisation, count: number, anonymised: number): boolean {
  if (!anon.enabled || anonymised === 0 || count === 0) return true;
  return meetsAnonymityFloor(count, anon.k);
}
