// Anonymisation (spec sections 3, 5 and 7; docs/decisions/0021): the allow-list calls, the user's fields and how an
// anonymised client looks in any list that shows clients.
import { z } from 'zod';
import { ANONYMITY_K_MIN } from '@bq/domain/anonymity';

/** How a client's name is shown to the viewer: by name, as the user text plus a running number, or as stars. */
export const ANONYMISATION_KINDS = ['NAME', 'NUMBER', 'STARS'] as const;
export type AnonymisationKind = (typeof ANONYMISATION_KINDS)[number];

/** The stars a masked name shows (spec section 5). */
export const MASKED_NAME = '*****';

/**
 * Added to every client row a list shows (client list, BI client list; comparison, teams and exports by the same
 * server function). When anonymize is true the name fields are empty and anonymizedName ("Client 12") is shown;
 * kind STARS shows the masked name in firstName/lastName.
 */
export const ZAnonymizedFields = z.object({
  anonymize: z.boolean(),
  anonymizedName: z.string().nullable(),
  anonymizedInitials: z.string().nullable(),
  anonymizationKind: z.enum(ANONYMISATION_KINDS),
});
export type TAnonymizedFields = z.infer<typeof ZAnonymizedFields>;

export const ZAllowListRequest = z.object({ userToken: z.string().trim().min(1).max(100) }).meta({ id: 'AnonymizationAllowListRequest' });
export type TAllowListRequest = z.infer<typeof ZAllowListRequest>;

export const ZAllowListEntry = z
  .object({ bqUserToken: z.string(), productConfigurationId: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() })
  .meta({ id: 'AnonymizationAllowListEntry' });
export type TAllowListEntry = z.infer<typeof ZAllowListEntry>;

export const ZAllowListResponse = z
  .object({ anonymizationAllowListEnabled: z.boolean(), anonymizationAllowList: z.array(ZAllowListEntry) })
  .meta({ id: 'AnonymizationAllowList' });
export type TAllowListResponse = z.infer<typeof ZAllowListResponse>;

/** Clients an admin may put on the allow-list: searched by name or e-mail, shown by name (the admin manages the list). */
export const ZAllowListCandidatesQuery = z.object({ q: z.string().trim().max(100).default('') });
export const ZAllowListCandidate = z
  .object({ token: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), onList: z.boolean() })
  .meta({ id: 'AnonymizationAllowListCandidate' });
export const ZAllowListCandidatesResponse = z.object({ items: z.array(ZAllowListCandidate) }).meta({ id: 'AnonymizationAllowListCandidates' });
export type TAllowListCandidate = z.infer<typeof ZAllowListCandidate>;

/** The account's k floor as the settings call accepts it. */
export const ZAnonymityK = z.number().int().min(ANONYMITY_K_MIN).max(100);
