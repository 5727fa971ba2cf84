// HubSpot's CRM API v3 (docs/decisions/0094): POST /crm/v3/objects/contacts/search (by the mapped external-id
// property, then email), PATCH /crm/v3/objects/contacts/{id}, a note associated with the contact as the timeline entry.
import type { CrmApi, CrmContact, CrmSession } from './types';
import { callJson } from './types';

interface HsObject {
  id: string;
  properties: Record<string, string | null | undefined>;
}

/** HubSpot's default association type of a note to a contact (HUBSPOT_DEFINED). */
const NOTE_TO_CONTACT = 202;

export function hubspotApi(): CrmApi {
  const props = (extra: string | null) => ['email', 'firstname', 'lastname', ...(extra ? [extra] : [])];
  const contactOf = (o: HsObject, extra: string | null): CrmContact => ({
    id: o.id,
    email: o.properties.email ?? null,
    firstName: o.properties.firstname ?? null,
    lastName: o.properties.lastname ?? null,
    externalId: extra ? (o.properties[extra] ?? null) : null,
  });
  const search = async (s: CrmSession, propertyName: string, value: string, extra: string | null) => {
    const body = { filterGroups: [{ filters: [{ propertyName, operator: 'EQ', value }] }], properties: props(extra), limit: 1 };
    const found = (await callJson(s, 'POST', `${s.apiBase}/crm/v3/objects/contacts/search`, body)) as { results: HsObject[] };
    return found.results[0] ? contactOf(found.results[0], extra) : null;
  };
  return {
    provider: 'HUBSPOT',
    async findContact(s, mapping, by) {
      const ext = mapping.externalIdProperty;
      if (ext && by.externalId) {
        const hit = await search(s, ext, by.externalId, ext);
        if (hit) return hit;
      }
      return search(s, 'email', by.email, ext);
    },
    async updateContact(s, contactId, properties) {
      await callJson(s, 'PATCH', `${s.apiBase}/crm/v3/objects/contacts/${encodeURIComponent(contactId)}`, { properties });
    },
    async addNote(s, contactId, note) {
      await callJson(s, 'POST', `${s.apiBase}/crm/v3/objects/notes`, {
        properties: { hs_timestamp: note.at.toISOString(), hs_note_body: `${note.subject}\n${note.body}` },
        associations: [{ to: { id: contactId }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: NOTE_TO_CONTACT }] }],
      });
    },
    async listContacts(s, mapping, limit) {
      const ext = mapping?.externalIdProperty ?? null;
      // Pages of at most 100, the next one named by paging.next.after, until the last page or `limit`.
      const found: CrmContact[] = [];
      let after: string | undefined;
      do {
        const query = new URLSearchParams({ limit: String(Math.min(limit - found.length, 100)), properties: props(ext).join(','), ...(after ? { after } : {}) });
        const page = (await callJson(s, 'GET', `${s.apiBase}/crm/v3/objects/contacts?${query}`)) as { results: HsObject[]; paging?: { next?: { after?: string } } };
        found.push(...page.results.map((o) => contactOf(o, ext)));
        after = page.paging?.next?.after;
      } while (after && found.length < limit);
      return found.slice(0, limit);
    },
  };
}
