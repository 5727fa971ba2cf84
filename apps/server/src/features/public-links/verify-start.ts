// A visitor confirms their address (docs/decisions/0092): the pending start becomes a client of the link's product,
// marked as a lead (group PROSPECT), with a questionnaire of the product (locked like any other result), and the
// adviser who made the link (or, without one, the account's admins) is told. All in one unit of work.
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { PUBLIC_LINK_ERRORS, type TPublicVerifyResponse } from '@bq/contracts/public-links';
import { OPEN_FOR_ANSWERS_STATUSES } from '@bq/domain/interaction-lifecycle';
import { hasPermission } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { accounts, clientProducts, clients, interactionInstances, productConfigurations, publicLinkStarts, publicLinks, users } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { clientLimit } from '../clients/client-service';
import { newPublicToken } from '../clients/client-tokens';
import { trialRuns } from '../credits/wealth-trial';
import { interactionLimit } from '../instances/interactions';
import { definitionForProduct } from '../interactions/definitions';
import { queueMail } from '../mail/outbox';
import { linkUsable } from './link-usable';
import { hashText } from './start-service';

type Start = typeof publicLinkStarts.$inferSelect;
type Product = typeof productConfigurations.$inferSelect;

export interface VerifiedStart extends TPublicVerifyResponse {
  accountId: string;
  clientToken: string;
}

/** The client with this address, or a new one marked as a lead; a member of the product either way. */
async function clientFor(tx: Tx, start: Start, product: Product, createdBy: string | null) {
  const [existing] = await tx.select().from(clients).where(and(eq(clients.accountId, start.accountId), eq(clients.email, start.email))).limit(1);
  if (existing?.erasedAt) throw new AppError(PUBLIC_LINK_ERRORS.unavailable, 409, 'This address cannot start a questionnaire here');
  let client = existing;
  if (!client) {
    const limit = await clientLimit(tx as unknown as Db, start.accountId);
    if (!limit.available) throw new AppError(PUBLIC_LINK_ERRORS.unavailable, 409, 'The firm takes no new clients at the moment');
    [client] = await tx
      .insert(clients)
      .values({ accountId: start.accountId, token: newPublicToken(), firstName: start.firstName, lastName: start.lastName, email: start.email, clientGroup: 'PROSPECT', source: 'WEBSITE', locale: start.locale, createdBy })
      .returning();
  }
  await tx.insert(clientProducts).values({ clientId: client!.id, productConfigurationId: product.id, accountId: start.accountId }).onConflictDoNothing();
  // A client the adviser deactivated in this product gets no questionnaire from a link either (as from a send).
  const [membership] = await tx.select({ active: clientProducts.active }).from(clientProducts).where(and(eq(clientProducts.clientId, client!.id), eq(clientProducts.productConfigurationId, product.id)));
  if (!membership?.active) throw new AppError(PUBLIC_LINK_ERRORS.unavailable, 409, 'This address cannot start a questionnaire here');
  return { client: client! };
}

/** The client's open questionnaire of the product, or a new one (an address confirmed twice gets one questionnaire). */
async function instanceFor(tx: Tx, clientId: string, product: Product, initiatorId: string | null) {
  await tx.select({ id: productConfigurations.id }).from(productConfigurations).where(eq(productConfigurations.id, product.id)).for('update');
  const [open] = await tx
    .select()
    .from(interactionInstances)
    .where(
      and(
        eq(interactionInstances.clientId, clientId),
        eq(interactionInstances.productConfigurationId, product.id),
        inArray(interactionInstances.status, [...OPEN_FOR_ANSWERS_STATUSES]),
        or(isNull(interactionInstances.expiresAt), gt(interactionInstances.expiresAt, sql`now()`)),
      ),
    )
    .orderBy(desc(interactionInstances.createdAt))
    .limit(1);
  if (open) return open;
  const limit = await interactionLimit(tx as unknown as Db, product.id, product.maxInstances);
  if (!limit.available) throw new AppError(PUBLIC_LINK_ERRORS.unavailable, 409, 'The firm takes no new questionnaires at the moment');
  const [row] = await tx
    .insert(interactionInstances)
    .values({
      accountId: product.accountId,
      token: newPublicToken(),
      clientId,
      productConfigurationId: product.id,
      initiatorId,
      interactionId: PRODUCT_TYPE_INFO[product.productType].interactionSlug,
      definitionVersion: definitionForProduct(product.productType).version,
      // As every sent questionnaire (instance-service.ts): the result is LOCKED until a credit unlocks it.
      lockStatus: trialRuns(product) ? 'TRIAL' : 'LOCKED',
      expiresAt: new Date(Date.now() + product.invitationValidDays * 86_400_000),
      // The visitor asked for this questionnaire now; no reminder mails they did not ask for.
      autoReminder: false,
    })
    .returning();
  return row!;
}

/** The link's creator if still active, else every active admin of the account's users. */
async function advisersToTell(tx: Tx, accountId: string, createdBy: string | null) {
  const members = await tx.select({ id: users.id, email: users.email, locale: users.locale, permissions: users.permissions }).from(users).where(and(eq(users.accountId, accountId), eq(users.active, true)));
  const creator = members.find((m) => m.id === createdBy);
  return creator ? [creator] : members.filter((m) => hasPermission(m.permissions, { realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'UPDATE' }));
}

export async function verifyStart(db: Db, queue: JobQueue, config: Pick<Config, 'publicUrl'>, token: string): Promise<VerifiedStart> {
  return db.transaction(async (tx) => {
    const [start] = await tx.select().from(publicLinkStarts).where(eq(publicLinkStarts.tokenHash, hashText(token))).for('update');
    if (!start) throw new AppError(ERROR_KEYS.notFound, 404, 'Unknown verification link');
    const [link] = await tx.select().from(publicLinks).where(and(eq(publicLinks.id, start.linkId), linkUsable()));
    if (!link) throw new AppError(ERROR_KEYS.notFound, 404, 'Unknown verification link');
    if (start.verifiedAt) {
      // A second click (or a reload) goes on where the first one led, while that questionnaire is there.
      const [again] = start.instanceId ? await tx.select({ token: interactionInstances.token, clientId: interactionInstances.clientId }).from(interactionInstances).where(eq(interactionInstances.id, start.instanceId)) : [];
      const [client] = again ? await tx.select({ token: clients.token }).from(clients).where(eq(clients.id, again.clientId)) : [];
      if (!again || !client) throw new AppError(PUBLIC_LINK_ERRORS.used, 410, 'This verification link was used already');
      return { instanceToken: again.token, accountId: start.accountId, clientToken: client.token };
    }
    if (start.expiresAt.getTime() <= Date.now()) throw new AppError(PUBLIC_LINK_ERRORS.expired, 410, 'This verification link has expired');
    // One confirmation at a time per account: the client limit and the address's uniqueness are read under it.
    await tx.execute(sql`select id from ${accounts} where ${accounts.id} = ${start.accountId} for update`);
    const [product] = await tx.select().from(productConfigurations).where(eq(productConfigurations.id, link.productConfigurationId));
    const { client } = await clientFor(tx, start, product!, link.createdBy);
    const instance = await instanceFor(tx, client.id, product!, link.createdBy);
    // The name and address now live in the client (or were known already): the start keeps only what it led to.
    await tx.update(publicLinkStarts).set({ verifiedAt: new Date(), clientId: client.id, instanceId: instance.id, firstName: '', lastName: '', email: '' }).where(eq(publicLinkStarts.id, start.id));
    for (const adviser of await advisersToTell(tx, start.accountId, link.createdBy)) {
      await queueMail(
        tx,
        queue,
        {
          accountId: start.accountId,
          kind: 'PUBLIC_LEAD',
          dedupeKey: `public-lead:${start.id}:${adviser.id}`,
          to: adviser.email,
          locale: adviser.locale,
          template: 'publicLead',
          params: {
            clientName: `${client.firstName} ${client.lastName}`,
            link: `${config.publicUrl}/${product!.productType}/client/${client.token}`,
          },
          userId: adviser.id,
        },
        config,
      );
    }
    return { instanceToken: instance.token, accountId: start.accountId, clientToken: client.token };
  });
}
