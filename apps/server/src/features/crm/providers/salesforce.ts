// Salesforce's REST API (docs/decisions/0094): SOQL query for the Contact (by the mapped external-id field, then
// Email), PATCH /sobjects/Contact/{id} for the mapped fields, a completed Task on the contact as the timeline entry.
import type { CrmApi, CrmContact, CrmSession } from './types';
import { callJson } from './types';

interface SfRecord {
  Id: string;
  Email?: string | null;
  FirstName?: string | null;
  LastName?: string | null;
  [field: string]: unknown;
}

/** A SOQL string literal: backslash and quote escaped, as the SOQL reference asks. */
function literal(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function salesforceApi(apiVersion: string): CrmApi {
  const data = (s: CrmSession) => `${s.apiBase}/services/data/v${apiVersion}`;
  const query = async (s: CrmSession, soql: string) =>
    ((await callJson(s, 'GET', `${data(s)}/query?q=${encodeURIComponent(soql)}`)) as { records: SfRecord[] }).records;
  /** A query whose answer comes in batches (up to 2,000 records each): follows nextRecordsUrl until done or `limit`. */
  const queryAll = async (s: CrmSession, soql: string, limit: number) => {
    type Batch = { records: SfRecord[]; done: boolean; nextRecordsUrl?: string };
    let batch = (await callJson(s, 'GET', `${data(s)}/query?q=${encodeURIComponent(soql)}`)) as Batch;
    const records = [...batch.records];
    while (!batch.done && batch.nextRecordsUrl && records.length < limit) {
      // nextRecordsUrl is a path on the org's own host (/services/data/vXX.X/query/01g...-2000); the access token
      // never goes to another host, whatever the answer names.
      const next = new URL(batch.nextRecordsUrl, s.apiBase);
      if (next.origin !== new URL(s.apiBase).origin) throw new Error('Salesforce named a next batch on another host');
      batch = (await callJson(s, 'GET', next.toString())) as Batch;
      records.push(...batch.records);
    }
    return records.slice(0, limit);
  };
  const fieldsOf = (extra: string | null) => ['Id', 'Email', 'FirstName', 'LastName', ...(extra ? [extra] : [])].join(', ');
  const contactOf = (r: SfRecord, extra: string | null): CrmContact => ({
    id: r.Id,
    email: r.Email ?? null,
    firstName: r.FirstName ?? null,
    lastName: r.LastName ?? null,
    externalId: extra && typeof r[extra] === 'string' ? (r[extra] as string) : null,
  });
  return {
    provider: 'SALESFORCE',
    async findContact(s, mapping, by) {
      const ext = mapping.externalIdProperty;
      if (ext && by.externalId) {
        const [hit] = await query(s, `SELECT ${fieldsOf(ext)} FROM Contact WHERE ${ext} = ${literal(by.externalId)} LIMIT 1`);
        if (hit) return contactOf(hit, ext);
      }
      const [hit] = await query(s, `SELECT ${fieldsOf(ext)} FROM Contact WHERE Email = ${literal(by.email)} ORDER BY CreatedDate LIMIT 1`);
      return hit ? contactOf(hit, ext) : null;
    },
    async updateContact(s, contactId, properties) {
      await callJson(s, 'PATCH', `${data(s)}/sobjects/Contact/${encodeURIComponent(contactId)}`, properties);
    },
    async addNote(s, contactId, note) {
      await callJson(s, 'POST', `${data(s)}/sobjects/Task`, {
        WhoId: contactId,
        Subject: note.subject,
        Description: note.body,
        Status: 'Completed',
        ActivityDate: note.at.toISOString().slice(0, 10),
      });
    },
    async listContacts(s, mapping, limit) {
      const ext = mapping?.externalIdProperty ?? null;
      const rows = await queryAll(s, `SELECT ${fieldsOf(ext)} FROM Contact WHERE Email != null ORDER BY CreatedDate DESC LIMIT ${limit}`, limit);
      return rows.map((r) => contactOf(r, ext));
    },
  };
}
