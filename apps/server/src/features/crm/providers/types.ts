// The one small interface both CRMs sit behind (docs/decisions/0094): find a contact by the mapped external-id property
// then by e-mail, write properties, add a timeline entry, list contacts for the import. Each call takes the session
// (access token, the org's API host, the gated fetch); tokens and retries are the caller's (crm-session.ts).
import type { CrmProvider, TCrmFieldMapping } from '@bq/contracts/crm';

export type GatedFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

export interface CrmSession {
  accessToken: string;
  /** Salesforce: the org's instance_url from the token answer; HubSpot: its API host. */
  apiBase: string;
  fetch: GatedFetch;
}

export interface CrmContact {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  externalId: string | null;
}

export interface CrmApi {
  provider: CrmProvider;
  findContact(s: CrmSession, mapping: TCrmFieldMapping, by: { externalId: string | null; email: string }): Promise<CrmContact | null>;
  updateContact(s: CrmSession, contactId: string, properties: Record<string, string | number | null>): Promise<void>;
  addNote(s: CrmSession, contactId: string, note: { subject: string; body: string; at: Date }): Promise<void>;
  listContacts(s: CrmSession, mapping: TCrmFieldMapping | null, limit: number): Promise<CrmContact[]>;
}

/** A CRM's error answer; 401 means the access token is no longer good (the caller refreshes once). */
export class CrmHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Sends a JSON request and answers the parsed JSON (null for 204); an error answer throws CrmHttpError. */
export async function callJson(s: CrmSession, method: string, url: string, body?: unknown): Promise<unknown> {
  const answer = await s.fetch(url, {
    method,
    redirect: 'manual',
    headers: { authorization: `Bearer ${s.accessToken}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  if (answer.status < 200 || answer.status >= 300) throw new CrmHttpError(answer.status, `HTTP ${answer.status}${text ? `: ${text.slice(0, 300)}` : ''}`);
  return text ? (JSON.parse(text) as unknown) : null;
}
