// The visitor's side of a public start link (docs/decisions/0092): what the page shows (firm, product, privacy notice,
// a signed form time), and the start itself, which passes the bot checks, keeps the visitor's name and address as a
// pending start and sends a verification link. Nothing becomes a client before the address is confirmed.
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, lt, ne } from 'drizzle-orm';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { PUBLIC_LINK_ERRORS, PUBLIC_START_VALID_HOURS, type TPublicStartInfo, type TPublicStartResponse } from '@bq/contracts/public-links';
import type { Locale } from '@bq/domain/locales';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts, publicLinkStarts, publicLinks } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { brandingForAccount, publicBranding } from '../branding/branding-service';
import { clientLinkBase } from '../branding/client-base-url';
import { queueMail } from '../mail/outbox';
import { privacyPolicyForReader } from '../privacy-policy/privacy-policy-service';
import { formTokenPasses, issueFormToken } from './form-token';
import { activeLink } from './link-service';

/**
 * Starts of one link within an hour, from every address together: a botnet that passes the per-IP limit still cannot
 * make one firm send more than this many verification mails an hour. People who meet it are told to try later.
 */
export const STARTS_PER_LINK_PER_HOUR = 100;
/**
 * Verification mails one address gets in a day, over every link of every firm: nobody can make the platform flood a
 * third party's mailbox by typing their address. Past it the answer is the same, and no mail goes out.
 */
export const MAILS_PER_ADDRESS_PER_DAY = 3;

export const hashText = (text: string) => createHash('sha256').update(text).digest('hex');

type StartConfig = Pick<Config, 'publicUrl' | 'dataEncryptionKeys'>;

export async function publicStartInfo(db: Db, config: StartConfig, publicId: string, locale: Locale): Promise<TPublicStartInfo> {
  const { link, product } = await activeLink(db, publicId);
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, link.accountId));
  // The branding routes know a public id as a page's token (branding/brand-lookup.ts): the logo is served there.
  const brand = publicBranding(await brandingForAccount(db, link.accountId), `/api/branding/${publicId}/logo`);
  return {
    branding: { ...brand, firmName: brand.firmName ?? account?.name ?? '' },
    productType: product.productType,
    privacyPolicy: await privacyPolicyForReader(db, link.accountId, locale),
    formToken: issueFormToken(config.dataEncryptionKeys, publicId),
  };
}

export interface StartInput {
  firstName: string;
  lastName: string;
  email: string;
  locale: Locale;
  website?: string | undefined;
  formToken: string;
}

export function verificationLink(config: Pick<Config, 'publicUrl'>, token: string): string {
  return `${config.publicUrl}/start/verify/${token}`;
}

export async function startVisit(db: Db, queue: JobQueue, config: StartConfig, publicId: string, input: StartInput): Promise<TPublicStartResponse> {
  const { link } = await activeLink(db, publicId);
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, link.accountId));
  // Both bot checks answer alike, so a bot cannot tell which one it failed.
  if ((input.website ?? '').trim() !== '' || !formTokenPasses(config.dataEncryptionKeys, publicId, input.formToken)) {
    throw new AppError(PUBLIC_LINK_ERRORS.refused, 400, 'The form was refused; please check it and send it again');
  }
  const now = new Date();
  const email = input.email.trim().toLowerCase();
  const emailHash = hashText(email);
  const expiresAt = new Date(now.getTime() + PUBLIC_START_VALID_HOURS * 3_600_000);
  const answer = { sentTo: email, expiresAt: expiresAt.toISOString() };
  return db.transaction(async (tx) => {
    // One start of a link at a time (PostgreSQL): two at once cannot both read the count below its cap.
    await tx.select({ id: publicLinks.id }).from(publicLinks).where(eq(publicLinks.id, link.id)).for('update');
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const [ofLink] = await tx.select({ n: count() }).from(publicLinkStarts).where(and(eq(publicLinkStarts.linkId, link.id), gt(publicLinkStarts.createdAt, hourAgo)));
    if ((ofLink?.n ?? 0) >= STARTS_PER_LINK_PER_HOUR) {
      throw new AppError(ERROR_KEYS.rateLimited, 429, 'Too many starts of this link; try again later', { 'retry-after': '3600' });
    }
    const dayAgo = new Date(now.getTime() - 86_400_000);
    const [ofAddress] = await tx.select({ n: count() }).from(publicLinkStarts).where(and(eq(publicLinkStarts.emailHash, emailHash), gt(publicLinkStarts.createdAt, dayAgo)));
    if ((ofAddress?.n ?? 0) >= MAILS_PER_ADDRESS_PER_DAY) return answer;
    const token = randomBytes(32).toString('base64url');
    const [start] = await tx
      .insert(publicLinkStarts)
      .values({ linkId: link.id, accountId: link.accountId, firstName: input.firstName, lastName: input.lastName, email, emailHash, locale: input.locale, tokenHash: hashText(token), createdAt: now, expiresAt })
      .returning({ id: publicLinkStarts.id });
    await queueMail(
      tx,
      queue,
      {
        accountId: link.accountId,
        kind: 'PUBLIC_START_VERIFICATION',
        dedupeKey: `public-start:${start!.id}`,
        to: email,
        locale: input.locale,
        template: 'publicStartVerification',
        params: { firstName: input.firstName, lastName: input.lastName, accountName: account?.name ?? '', link: verificationLink(await clientLinkBase(tx, config, link.accountId), token), hours: String(PUBLIC_START_VALID_HOURS) },
      },
      config,
    );
    return answer;
  });
}

/**
 * The worker's housekeeping: an unconfirmed start holds a stranger's name and address, deleted once its link can no
 * longer be used; a confirmed one keeps its address's digest only as long as the per-address mail count reads it.
 */
export async function purgeExpiredPublicStarts(db: Db, now = new Date()): Promise<void> {
  await db.delete(publicLinkStarts).where(and(isNull(publicLinkStarts.verifiedAt), lt(publicLinkStarts.expiresAt, now)));
  await db
    .update(publicLinkStarts)
    .set({ emailHash: '' })
    .where(and(isNotNull(publicLinkStarts.verifiedAt), ne(publicLinkStarts.emailHash, ''), lt(publicLinkStarts.createdAt, new Date(now.getTime() - 86_400_000))));
}
