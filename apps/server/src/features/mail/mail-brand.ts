// The firm's branding of one account's mails (docs/decisions/0055): its layout (renderMail's MailBrand) and the sender's
// display name "<firm> via <platform>", both fixed when the mail is written. An account without a firm name keeps the
// platform's layout and sender name. The logo is linked by the mail's own questionnaire or report token, so its URL
// names nothing but what the recipient already has; an SVG logo is linked as a PNG (`?format=png`: most mail programs
// show no SVG).
import { eq } from 'drizzle-orm';
import type { Locale } from '@bq/domain/locales';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { interactionInstances } from '../../db/schema';
import { brandingForAccount } from '../branding/branding-service';
import { clientLinkBase } from '../branding/client-base-url';
import { fillPlaceholders, loadEmailTexts, type MailBrand } from './render-mail';

const KEYS = ['email.layout.poweredBy', 'email.layout.senderName', 'email.layout.platform'];

export interface BrandedMail {
  brand: MailBrand;
  fromName: string;
  /** The logo's URL (a PNG) for a mail about this token (null without a logo). */
  logoUrlFor(token: string): string | null;
}

export async function mailBrand(
  tx: Tx,
  config: Pick<Config, 'publicUrl'>,
  mail: { accountId: string; locale: Locale; instanceId?: string | null; instanceToken?: string },
): Promise<BrandedMail | null> {
  const branding = await brandingForAccount(tx, mail.accountId);
  if (!branding.firmName) return null;
  const texts = await loadEmailTexts(tx, mail.locale, KEYS);
  let token = mail.instanceToken;
  if (!token && mail.instanceId) {
    const [row] = await tx.select({ token: interactionInstances.token }).from(interactionInstances).where(eq(interactionInstances.id, mail.instanceId)).limit(1);
    token = row?.token;
  }
  const logo = branding.logo;
  // Every logo is served as a PNG (docs/decisions/0072); `format=png` is kept for a logo still stored as SVG, as before.
  const format = logo?.type === 'image/svg+xml' ? '&format=png' : '';
  const base = (await clientLinkBase(tx, config, mail.accountId)).publicUrl;
  const logoUrlFor = (t: string) => (logo ? `${base}/api/branding/${encodeURIComponent(t)}/logo?v=${logo.hash.slice(0, 16)}${format}` : null);
  const logoUrl = token ? logoUrlFor(token) : null;
  const platform = texts['email.layout.platform']!;
  return {
    brand: {
      firmName: branding.firmName,
      logoUrl,
      primaryColor: branding.primaryColor,
      footerLine: branding.footerLine,
      address: branding.address,
      poweredBy: branding.poweredBy ? texts['email.layout.poweredBy']! : null,
    },
    logoUrlFor,
    fromName: fillPlaceholders(texts['email.layout.senderName']!, { firmName: branding.firmName, platform }, (_n, v) => v.replace(/[\r\n"<>]/g, ' ')),
  };
}
