// The account's branding (docs/decisions/0055): the admin's settings, the logo upload, and the one read the participant
// pages, the mails and the PDFs share (brandingForAccount). Every write commits with its audit event (the request's unit of work).
import { eq } from 'drizzle-orm';
import { BRANDING_ERRORS, type TBranding, type TPublicBranding, type TUpdateBrandingRequest } from '@bq/contracts/branding';
import { AA_TEXT_CONTRAST, passesTextContrast } from '@bq/domain/contrast';
import { AppError } from '../../app-error';
import type { Db, Tx } from '../../db/client';
import { accountBranding, accountHosts, accounts } from '../../db/schema';
import type { CheckedLogo } from './logo-check';

export type BrandingRow = typeof accountBranding.$inferSelect;

/** What the pages, mails and PDFs show of an account: null fields where it set nothing. */
export interface AccountBrand {
  accountId: string;
  firmName: string | null;
  address: string | null;
  footerLine: string | null;
  primaryColor: string | null;
  accentColor: string | null;
  logo: { data: Buffer; type: 'image/png' | 'image/svg+xml'; hash: string } | null;
  poweredBy: boolean;
}

export async function brandingRow(db: Db | Tx, accountId: string): Promise<BrandingRow | null> {
  const [row] = await db.select().from(accountBranding).where(eq(accountBranding.accountId, accountId)).limit(1);
  return row ?? null;
}

export function brandOf(accountId: string, row: BrandingRow | null): AccountBrand {
  return {
    accountId,
    firmName: row?.firmName ?? null,
    address: row?.address ?? null,
    footerLine: row?.footerLine ?? null,
    primaryColor: row?.primaryColor ?? null,
    accentColor: row?.accentColor ?? null,
    logo: row?.logo && row.logoType && row.logoHash ? { data: row.logo, type: row.logoType, hash: row.logoHash } : null,
    poweredBy: !(row?.poweredByHidden ?? false),
  };
}

export async function brandingForAccount(db: Db | Tx, accountId: string): Promise<AccountBrand> {
  return brandOf(accountId, await brandingRow(db, accountId));
}

/** The participant pages' view; the logo URL names the token the page already has and the logo's hash (cacheable). */
export function publicBranding(brand: AccountBrand, logoPath: string): TPublicBranding {
  const { firmName, address, footerLine, primaryColor, accentColor, poweredBy } = brand;
  return { firmName, address, footerLine, primaryColor, accentColor, poweredBy, logoUrl: brand.logo ? `${logoPath}?v=${brand.logo.hash.slice(0, 16)}` : null };
}

export async function getBranding(db: Db, accountId: string): Promise<TBranding> {
  const row = await brandingRow(db, accountId);
  const hosts = await db.select({ host: accountHosts.host }).from(accountHosts).where(eq(accountHosts.accountId, accountId)).orderBy(accountHosts.host);
  const [account] = await db.select({ oneQuestionPerScreen: accounts.questionnaireOneQuestionPerScreen }).from(accounts).where(eq(accounts.id, accountId));
  const brand = brandOf(accountId, row);
  return {
    ...publicBranding(brand, '/api/account/branding/logo'),
    logoType: brand.logo?.type ?? null,
    poweredByHidden: !brand.poweredBy,
    hosts: hosts.map((h) => h.host),
    oneQuestionPerScreen: account?.oneQuestionPerScreen ?? true,
    replyTo: row?.replyTo ?? null,
  };
}

async function upsert(db: Db, accountId: string, values: Partial<typeof accountBranding.$inferInsert>, alsoInTransaction?: (tx: Tx) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    const set = { ...values, updatedAt: new Date() };
    await tx.insert(accountBranding).values({ accountId, ...set }).onConflictDoUpdate({ target: accountBranding.accountId, set });
    await alsoInTransaction?.(tx);
  });
}

export async function updateBranding(db: Db, caller: { accountId: string; userId: string }, body: TUpdateBrandingRequest): Promise<TBranding> {
  // White text on the colour (buttons, the header) and the colour as text on white must both stay readable.
  const failing = (['primaryColor', 'accentColor'] as const)
    .filter((f) => body[f] !== null && !passesTextContrast(body[f]!))
    .map((path) => ({ path, errorKey: BRANDING_ERRORS.contrast }));
  if (failing.length > 0) {
    throw new AppError(BRANDING_ERRORS.contrast, 400, `Too little contrast with white for text (WCAG AA needs ${AA_TEXT_CONTRAST}:1)`, {}, failing);
  }
  const blank = (v: string | null) => (v === null || v.trim() === '' ? null : v);
  await upsert(
    db,
    caller.accountId,
    {
      firmName: blank(body.firmName),
      address: blank(body.address?.replace(/\r\n?/g, '\n') ?? null),
      footerLine: blank(body.footerLine),
      primaryColor: body.primaryColor,
      accentColor: body.accentColor,
      ...(body.replyTo !== undefined ? { replyTo: body.replyTo } : {}),
      updatedBy: caller.userId,
    },
    async (tx) => {
      // The setting lives on the account (the questionnaire reads it with the account), saved in the same commit.
      if (body.oneQuestionPerScreen !== undefined) {
        await tx.update(accounts).set({ questionnaireOneQuestionPerScreen: body.oneQuestionPerScreen }).where(eq(accounts.id, caller.accountId));
      }
    },
  );
  return getBranding(db, caller.accountId);
}

export async function saveLogo(db: Db, caller: { accountId: string; userId: string }, logo: CheckedLogo | null): Promise<TBranding> {
  await upsert(db, caller.accountId, { logo: logo?.data ?? null, logoType: logo?.type ?? null, logoHash: logo?.hash ?? null, updatedBy: caller.userId });
  return getBranding(db, caller.accountId);
}
