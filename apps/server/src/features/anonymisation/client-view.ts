// One client opened by one evaluator (the client view, its dashboard, reports, invitations, the interaction list):
// whether this viewer may see who the person is. The same decision as in the lists (anonymise.ts), so a client that
// the client list shows as "Client 12" or stars stays "Client 12" or stars wherever it is opened from
// (docs/decisions/0021, addendum "Opening an anonymised client"). Every call that answers with a client's name,
// e-mail or phone to an evaluator goes through here:
//
//   const view = await clientViewFor(db, auth, productConfigurationId, clientId);   // one small query
//   return { ...showClient(view, { firstName, lastName, email, phone }) };          // masked as the list masks it
//   assertIdentityEditable(view);                                                   // before a change of identity
import { sql } from 'drizzle-orm';
import { type AnonymisationKind, type TAnonymizedFields } from '@bq/contracts/anonymisation';
import { initials } from '@bq/domain/initials';
import type { Locale } from '@bq/domain/locales';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { anonymisationColumns, applyAnonymisation, loadAnonymisation, type Anonymisation } from './anonymise';

export const ANONYMISATION_ERRORS = {
  /** The client is anonymised for this viewer: name, e-mail and phone can be neither seen nor changed. */
  identityHidden: 'error.anonymisation.identity_hidden',
} as const;

export interface ClientView {
  anon: Anonymisation;
  kind: AnonymisationKind;
  number: number | null;
  /** The viewer may not see who this is (NUMBER or STARS). */
  hidden: boolean;
}

/** The viewer's view of one client in one product configuration. */
export async function clientViewFor(
  db: Db,
  auth: Pick<AuthContext, 'userId' | 'accountId'>,
  productConfigurationId: string,
  clientId: string,
  locale?: Locale,
): Promise<ClientView> {
  const anon = await loadAnonymisation(db, auth, productConfigurationId, locale);
  if (!anon.enabled) return { anon, kind: 'NAME', number: null, hidden: false };
  const result = await db.execute<{ anon_kind: AnonymisationKind; anon_number: number | string | null }>(
    sql`select ${anonymisationColumns(anon, sql`${clientId}::uuid`)}`,
  );
  const [row] = (result as unknown as { rows: { anon_kind: AnonymisationKind; anon_number: number | string | null }[] }).rows;
  const kind = row?.anon_kind ?? 'STARS';
  return { anon, kind, number: row?.anon_number == null ? null : Number(row.anon_number), hidden: kind !== 'NAME' };
}

export interface IdentityFields {
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string | null;
}

export type ShownClient<T extends IdentityFields> = T &
  TAnonymizedFields & {
    /** Avatar initials: "C12" for an anonymised client, "*" for a masked one. */
    initials: string;
    /** The one line to show: "Anna Schmidt", "Client 12" or "*****". */
    displayName: string;
  };

/** The client's identity fields as this viewer may see them (the list's masking) plus the spec's anonymise fields. */
export function showClient<T extends IdentityFields>(view: ClientView, client: T): ShownClient<T> {
  const shown = applyAnonymisation(view.anon, { ...client, anon_kind: view.kind, anon_number: view.number });
  if (shown.anonymizationKind === 'NUMBER') {
    return { ...(shown as unknown as T & TAnonymizedFields), initials: shown.anonymizedInitials ?? '', displayName: shown.anonymizedName ?? '' };
  }
  if (shown.anonymizationKind === 'STARS') {
    return { ...(shown as unknown as T & TAnonymizedFields), initials: '*', displayName: shown.firstName };
  }
  return {
    ...(shown as unknown as T & TAnonymizedFields),
    initials: initials(shown.firstName, shown.lastName),
    displayName: `${shown.firstName} ${shown.lastName}`.trim(),
  };
}

/** Name, e-mail and phone of an anonymised client cannot be changed by this viewer (they would first have to be seen). */
export function assertIdentityEditable(view: ClientView): void {
  if (view.hidden) throw new AppError(ANONYMISATION_ERRORS.identityHidden, 403, 'This client is anonymised for you');
}

/**
 * For the calls that are public by instance token (reports, certificates, PDFs): the signed-in evaluator's view of the
 * client when they belong to the issuing account, else null (a visitor with the personal link is not "a viewer" of
 * the allow-list: the link is the participant's own).
 */
export async function signedInViewOf(
  db: Db,
  auth: Pick<AuthContext, 'userId' | 'accountId'> | null | undefined,
  target: { accountId: string; productConfigurationId: string; clientId: string },
): Promise<ClientView | null> {
  if (!auth || auth.accountId !== target.accountId) return null;
  return clientViewFor(db, auth, target.productConfigurationId, target.clientId);
}

/** Whether a report for this signed-in viewer must be the anonymised one (decision 0015's document). */
export async function reportHiddenFor(
  db: Db,
  auth: Pick<AuthContext, 'userId' | 'accountId'> | null | undefined,
  subject: { account: { id: string }; instance: { productConfigurationId: string }; client: { id: string } },
): Promise<boolean> {
  const view = await signedInViewOf(db, auth, { accountId: subject.account.id, productConfigurationId: subject.instance.productConfigurationId, clientId: subject.client.id });
  return view?.hidden ?? false;
}

/** The viewer's views of many clients of one product configuration at once (one query; for lists of instances). */
export async function clientViewsFor(
  db: Db,
  auth: Pick<AuthContext, 'userId' | 'accountId'>,
  productConfigurationId: string,
  clientIds: string[],
): Promise<(clientId: string) => ClientView> {
  const anon = await loadAnonymisation(db, auth, productConfigurationId);
  const named: ClientView = { anon, kind: 'NAME', number: null, hidden: false };
  if (!anon.enabled || clientIds.length === 0) return () => named;
  const ids = [...new Set(clientIds)];
  const result = await db.execute<{ id: string; anon_kind: AnonymisationKind; anon_number: number | string | null }>(sql`
    select c.id, ${anonymisationColumns(anon, sql`c.id`)} from clients c
    where c.account_id = ${auth.accountId} and c.id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
  const views = new Map(
    (result as unknown as { rows: { id: string; anon_kind: AnonymisationKind; anon_number: number | string | null }[] }).rows.map((r) => [
      r.id,
      { anon, kind: r.anon_kind, number: r.anon_number == null ? null : Number(r.anon_number), hidden: r.anon_kind !== 'NAME' } satisfies ClientView,
    ]),
  );
  // A client the query did not return is no one this viewer may name.
  return (clientId) => views.get(clientId) ?? { anon, kind: 'STARS', number: null, hidden: true };
}
