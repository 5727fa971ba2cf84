// What the account can send and what it has sent: the interactions of its products, a definition preview
// for the adviser (GET /api/qi), the BQ_INTERACTION_COUNT limit and the instances of one interaction.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { TAccountInteraction, TInstanceListItem } from '@bq/contracts/instances';
import type { TResourceLimit } from '@bq/contracts/clients';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { hasPermission } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO, PRODUCT_TYPES } from '@bq/domain/product-types';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { clients, interactionInstances, productConfigurations } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { getInteractionDefinition } from '../interactions/definitions';
import { clientViewsFor, showClient } from '../anonymisation/client-view';
import { toInstance } from './instance-view';
import { NO_MAILS, instanceMails } from '../mail/mail-delivery';

async function permittedConfigurations(db: Db, auth: AuthContext) {
  const configs = await db.select().from(productConfigurations).where(eq(productConfigurations.accountId, auth.accountId));
  return configs
    .filter((c) => hasPermission(auth.permissions, { realm: PRODUCT_TYPE_INFO[c.productType].realm, entity: 'INTERACTION_INSTANCE', action: 'READ' }))
    .sort((a, b) => PRODUCT_TYPES.indexOf(a.productType) - PRODUCT_TYPES.indexOf(b.productType));
}

export async function listAccountInteractions(db: Db, auth: AuthContext): Promise<TAccountInteraction[]> {
  return (await permittedConfigurations(db, auth)).flatMap((config) => {
    const definition = getInteractionDefinition(PRODUCT_TYPE_INFO[config.productType].interactionSlug);
    if (!definition) return [];
    return [
      {
        interactionId: definition.id,
        version: definition.version,
        productType: config.productType,
        productConfigurationId: config.id,
        nameKey: definition.nameKey,
        estimatedMinutes: definition.estimatedMinutes,
        itemCount: definition.items.length,
      },
    ];
  });
}

/** The account's product configuration for an interaction id, if the caller may read it; else 404. */
export async function configurationForInteraction(db: Db, auth: AuthContext, interactionId: string) {
  const config = (await permittedConfigurations(db, auth)).find((c) => PRODUCT_TYPE_INFO[c.productType].interactionSlug === interactionId);
  if (!config) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return config;
}

export async function interactionLimit(db: Db, configId: string, maxInstances: number | null): Promise<TResourceLimit> {
  const [used] = await db.select({ n: count() }).from(interactionInstances).where(eq(interactionInstances.productConfigurationId, configId));
  const n = used?.n ?? 0;
  return { limit: maxInstances, used: n, available: maxInstances === null || n < maxInstances };
}

export async function listInstancesOfInteraction(db: Db, auth: AuthContext, interactionId: string): Promise<TInstanceListItem[]> {
  const config = await configurationForInteraction(db, auth, interactionId);
  const rows = await db
    .select({ instance: interactionInstances, client: clients })
    .from(interactionInstances)
    .innerJoin(clients, eq(clients.id, interactionInstances.clientId))
    .where(and(eq(interactionInstances.accountId, auth.accountId), inArray(interactionInstances.productConfigurationId, [config.id])))
    .orderBy(desc(interactionInstances.createdAt))
    .limit(500);
  const viewOf = await clientViewsFor(db, auth, config.id, rows.map((r) => r.client.id));
  const mails = await instanceMails(db, rows.map((r) => r.instance.id));
  return rows.map(({ instance, client }) => {
    const shown = showClient(viewOf(client.id), { firstName: client.firstName, lastName: client.lastName });
    return {
      ...toInstance(instance, client.token, mails.get(instance.id) ?? NO_MAILS),
      clientFirstName: shown.firstName,
      clientLastName: shown.lastName,
      anonymize: shown.anonymize,
      anonymizedName: shown.anonymizedName,
      anonymizedInitials: shown.anonymizedInitials,
      anonymizationKind: shown.anonymizationKind,
    };
  });
}
