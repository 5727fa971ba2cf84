// An account's public start links (docs/decisions/0092): made per product configuration, switched on and off, given
// the sites that may embed them, removed. The public id is random (16 bytes): a link cannot be guessed from another.
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { PUBLIC_LINK_ERRORS, PUBLIC_LINK_LIMIT_PER_ACCOUNT, type TPublicLink, type TUpdatePublicLinkChanges } from '@bq/contracts/public-links';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { productConfigurations, publicLinkStarts, publicLinks } from '../../db/schema';
import { clientLinkBase } from '../branding/client-base-url';
import { configurationOfAccount } from '../products/product-access';
import { assertMaySendQuestionnaires } from '../signup/verification-required';
import { linkUsable } from './link-usable';

type LinkRow = typeof publicLinks.$inferSelect;
type UrlConfig = Pick<Config, 'publicUrl'>;

/** With the account's own host name when an operator assigned one (docs/decisions/0056), as every client link. */
export function startPageUrl(config: UrlConfig, publicId: string): string {
  return `${config.publicUrl}/start/${publicId}`;
}

function toPublicLink(config: UrlConfig, row: LinkRow, productType: TPublicLink['productType'], leads: number): TPublicLink {
  return {
    publicId: row.publicId,
    url: startPageUrl(config, row.publicId),
    productConfigurationId: row.productConfigurationId,
    productType,
    active: row.active,
    embedOrigins: row.embedOrigins,
    leads,
    createdAt: row.createdAt.toISOString(),
  };
}

async function leadsOf(db: Db, linkId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(publicLinkStarts).where(and(eq(publicLinkStarts.linkId, linkId), isNotNull(publicLinkStarts.verifiedAt)));
  return row?.n ?? 0;
}

export async function listPublicLinks(db: Db, config: UrlConfig, accountId: string): Promise<TPublicLink[]> {
  const rows = await db
    .select({ link: publicLinks, productType: productConfigurations.productType })
    .from(publicLinks)
    .innerJoin(productConfigurations, eq(productConfigurations.id, publicLinks.productConfigurationId))
    .where(eq(publicLinks.accountId, accountId))
    .orderBy(desc(publicLinks.createdAt));
  const base = await clientLinkBase(db, config, accountId);
  return Promise.all(rows.map(async (r) => toPublicLink(base, r.link, r.productType, await leadsOf(db, r.link.id))));
}

/** The account's link with this public id, or 404 as for a missing one (another account's included). */
async function findLink(db: Db, accountId: string, publicId: string) {
  const [row] = await db
    .select({ link: publicLinks, productType: productConfigurations.productType })
    .from(publicLinks)
    .innerJoin(productConfigurations, eq(productConfigurations.id, publicLinks.productConfigurationId))
    .where(and(eq(publicLinks.accountId, accountId), eq(publicLinks.publicId, publicId)));
  if (!row) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return row;
}

export async function createPublicLink(db: Db, config: UrlConfig, caller: { accountId: string; userId: string }, productConfigurationId: string): Promise<TPublicLink> {
  const product = await configurationOfAccount(db, caller.accountId, productConfigurationId);
  if (!product) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  // A link sends questionnaires (and mails to whoever types an address): the rule of sending holds for it too.
  await assertMaySendQuestionnaires(db, caller);
  const [existing] = await db.select({ n: count() }).from(publicLinks).where(eq(publicLinks.accountId, caller.accountId));
  if ((existing?.n ?? 0) >= PUBLIC_LINK_LIMIT_PER_ACCOUNT) throw new AppError(PUBLIC_LINK_ERRORS.limitReached, 409, 'The account has as many public links as it may have');
  const [row] = await db
    .insert(publicLinks)
    .values({ accountId: caller.accountId, productConfigurationId: product.id, publicId: randomBytes(16).toString('base64url'), createdBy: caller.userId })
    .returning();
  return toPublicLink(await clientLinkBase(db, config, caller.accountId), row!, product.productType, 0);
}

export async function updatePublicLink(db: Db, config: UrlConfig, accountId: string, publicId: string, body: TUpdatePublicLinkChanges): Promise<TPublicLink> {
  const { link, productType } = await findLink(db, accountId, publicId);
  const changes: Partial<LinkRow> = {};
  if (body.active !== undefined) changes.active = body.active;
  if (body.embedOrigins !== undefined) changes.embedOrigins = body.embedOrigins;
  const [row] = Object.keys(changes).length > 0 ? await db.update(publicLinks).set(changes).where(eq(publicLinks.id, link.id)).returning() : [link];
  return toPublicLink(await clientLinkBase(db, config, accountId), row!, productType, await leadsOf(db, link.id));
}

/** Removes the link and its pending starts; the clients it brought stay (their start rows go with the link). */
export async function deletePublicLink(db: Db, accountId: string, publicId: string): Promise<void> {
  const { link } = await findLink(db, accountId, publicId);
  await db.delete(publicLinks).where(eq(publicLinks.id, link.id));
}

/** A link the public may use: it exists and is switched on, and so is its account's switch. Anything else is the same 404. */
export async function activeLink(db: Db, publicId: string) {
  const [row] = await db
    .select({ link: publicLinks, product: productConfigurations })
    .from(publicLinks)
    .innerJoin(productConfigurations, eq(productConfigurations.id, publicLinks.productConfigurationId))
    .where(and(eq(publicLinks.publicId, publicId), linkUsable()));
  if (!row) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return row;
}
