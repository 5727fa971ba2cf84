// The client form validates with the contract's own fields schema, so its messages are the server's errorKeys.
import type { z } from 'zod';
import { ZClientFields, type TClient, type TUpdateClientRequest } from '@bq/contracts/clients';
import type { Locale } from '@bq/domain/locales';

export const ZClientForm = ZClientFields;
export type ClientFormData = z.output<typeof ZClientFields>;

export const CLIENT_FIELDS = ['salutation', 'firstName', 'lastName', 'email', 'phone', 'group', 'locale'] as const;
export type ClientField = (typeof CLIENT_FIELDS)[number];
export type ClientFormValues = Record<ClientField, string>;

export function emptyClientForm(locale: Locale): ClientFormValues {
  return { salutation: 'NEUTRAL', firstName: '', lastName: '', email: '', phone: '', group: 'PROSPECT', locale };
}

export function clientFormValues(client: TClient): ClientFormValues {
  return {
    salutation: client.salutation,
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
    phone: client.phone ?? '',
    group: client.group,
    locale: client.locale,
  };
}

/** The fields the edit form changed, so an update sends only those. */
export function changedClientFields(before: TClient, after: ClientFormData): Partial<ClientFormData> {
  const changes: Partial<ClientFormData> = {};
  for (const field of CLIENT_FIELDS) {
    if ((before[field] ?? null) !== (after[field] ?? null)) Object.assign(changes, { [field]: after[field] });
  }
  return changes;
}

/**
 * The PATCH body for a change: every field of the client with the changes applied. Sending all fields, not only
 * the changed ones, is deliberate: the contract's update schema (ZClientFields.partial()) still fills in the
 * defaults of group and locale when they are absent, so a partial body would reset them to PROSPECT / EN_US.
 */
export function clientUpdateRequest(client: TClient, changes: Partial<ClientFormData>): TUpdateClientRequest {
  return {
    token: client.token,
    productConfigurationId: client.productConfigurationId,
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
    phone: client.phone,
    group: client.group,
    locale: client.locale,
    // No salutation unless it changed: an omitted one stays as it is on the server.
    ...changes,
  };
}
