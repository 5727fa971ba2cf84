// Renders a mail from the EMAIL texts of the recipient's language: subject, plain text and a simple, accessible
// HTML part. {{param}} placeholders are filled in; in the HTML every value is escaped and only the link
// parameters (link, ...Link, ...Url) become clickable, so nothing a client typed (a name) turns into markup or a link.
// Every other value is one line with its link-like words defanged (mail-values.ts), in every part: a mail program
// cannot linkify it either.
import { and, eq, inArray } from 'drizzle-orm';
import type { Locale } from '@bq/domain/locales';
import type { Db, Tx } from '../../db/client';
import { translations } from '../../db/schema';
import { isLinkParam, mailValue } from './mail-values';

export type MailTemplate =
  | 'invite'
  | 'reminder'
  | 'report'
  | 'verification'
  | 'passwordReset'
  | 'accountExists'
  | 'auditCheckpoint'
  | 'signInAddressChanged'
  | 'factorAdded'
  | 'factorRemoved'
  | 'factorsReset'
  | 'factorLocked'
  | 'senderTest'
  | 'webhookPaused'
  | 'reviewDue'
  | 'publicStartVerification'
  | 'publicLead';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const HTML_LANG: Record<Locale, string> = { EN_US: 'en-US', EN_UK: 'en-GB', DE_DE: 'de-DE' };

/** The EMAIL texts with these keys in one language; a missing one is a shipping error, never an empty mail. */
export async function loadEmailTexts(tx: Tx | Db, locale: Locale, keys: string[]): Promise<Record<string, string>> {
  const rows = await tx
    .select({ key: translations.key, text: translations.text })
    .from(translations)
    .where(and(eq(translations.language, locale), eq(translations.textType, 'EMAIL'), inArray(translations.key, keys)));
  const texts = Object.fromEntries(rows.map((r) => [r.key, r.text]));
  const missing = keys.filter((k) => !(k in texts));
  if (missing.length > 0) throw new Error(`EMAIL texts missing in ${locale}: ${missing.join(', ')}`);
  return texts;
}

/** Fills {{name}} placeholders; a placeholder without a value is a programming error (it would reach the client). */
export function fillPlaceholders(template: string, params: Record<string, string>, render: (name: string, value: string) => string = mailValue): string {
  return template.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Mail parameter {{${name}}} has no value`);
    return render(name, value);
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const PLATFORM_COLOR = '#1c5bb8';
const linkStyle = (color: string) => `color:${color};text-decoration:underline;word-break:break-all`;

/**
 * The firm's own layout of a mail (docs/decisions/0055): its name and logo at the top in its colours, its footer line
 * and address at the bottom, the platform's name only in the "powered by" line (null when the operator switched it off).
 */
export interface MailBrand {
  firmName: string;
  /** An absolute URL of the logo as a PNG (mail programs rarely show SVG), or null. */
  logoUrl: string | null;
  primaryColor: string | null;
  footerLine: string | null;
  address: string | null;
  poweredBy: string | null;
}

function htmlValue(color: string) {
  return (name: string, value: string): string => {
    if (isLinkParam(name) && /^https?:\/\//.test(value)) {
      const url = escapeHtml(value);
      return `<a href="${url}" style="${linkStyle(color)}">${url}</a>`;
    }
    return escapeHtml(mailValue(name, value));
  };
}

/** The words of a mail's main link as a button (docs/decisions/0083): its label and the line before the raw URL. */
export interface MailButton {
  label: string;
  fallback: string;
}

/** A paragraph that ends in a line holding only {{link}}: the mail's call to action. */
const ACTION_LINE = /^\s*\{\{link\}\}\s*$/;

/**
 * The call to action as a button: a real link (keyboard, screen readers and every mail program follow it) styled as
 * a button, white on the firm's colour (checked for contrast when saved), with the raw address below as text for mail
 * programs that drop styles or links.
 */
function buttonHtml(url: string, button: MailButton, color: string): string {
  const href = escapeHtml(url);
  return [
    `<p style="margin:0 0 16px 0"><a href="${href}" style="display:inline-block;background:${color};color:#ffffff;padding:12px 24px;border-radius:6px;font-weight:bold;text-decoration:none">${escapeHtml(button.label)}</a></p>`,
    `<p style="margin:0 0 16px 0;font-size:14px;color:#495057">${escapeHtml(button.fallback)}<br>\n<a href="${href}" style="${linkStyle(color)}">${href}</a></p>`,
  ].join('\n');
}

/** Paragraphs at blank lines, line breaks within them; the template's own text is escaped as well. */
function bodyHtml(template: string, params: Record<string, string>, color: string, button?: MailButton): string {
  return template
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => {
      const all = paragraph.split(/\r?\n/);
      const final = all[all.length - 1] ?? '';
      const url = params.link;
      if (button && url && /^https?:\/\//.test(url) && ACTION_LINE.test(final)) {
        const lead = all.slice(0, -1).join('\n');
        return [...(lead.trim() ? [bodyHtml(lead, params, color)] : []), buttonHtml(url, button, color)].join('\n');
      }
      const lines = all.map((line) => {
        let html = '';
        let last = 0;
        for (const match of line.matchAll(PLACEHOLDER)) {
          html += escapeHtml(line.slice(last, match.index));
          html += fillPlaceholders(match[0], params, htmlValue(color));
          last = match.index + match[0].length;
        }
        return html + escapeHtml(line.slice(last));
      });
      return `<p style="margin:0 0 16px 0">${lines.join('<br>\n')}</p>`;
    })
    .join('\n');
}

/** The footer lines of a branded mail: the firm's line (or its name), its address, the powered-by line. */
function brandFooter(brand: MailBrand): string[] {
  const address = (brand.address ?? '').split('\n').map((line) => mailValue('address', line)).filter((line) => line.trim() !== '');
  return [mailValue('footerLine', brand.footerLine ?? brand.firmName), ...address, ...(brand.poweredBy ? [brand.poweredBy] : [])];
}

function headerHtml(title: string, brand: MailBrand | undefined): string {
  const logo = brand?.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="" height="40" style="display:block;height:40px;width:auto;border:0;margin:0 0 8px 0">\n`
    : '';
  return `${logo}<h1 style="margin:0;font-size:20px;font-weight:bold;color:#1a1b1e">${escapeHtml(title)}</h1>`;
}

export function renderMail(
  texts: { subject: string; body: string; footer: string; button?: MailButton },
  params: Record<string, string>,
  layout: { locale: Locale; accountName: string; brand?: MailBrand },
): RenderedMail {
  // A subject is one line: line breaks in a value would otherwise start a new header.
  const subject = fillPlaceholders(texts.subject, params).replace(/\s*\r?\n\s*/g, ' ').trim();
  const text = fillPlaceholders(texts.body, params);
  const brand = layout.brand;
  const accountName = mailValue('accountName', brand?.firmName ?? layout.accountName);
  const footerLines = brand ? brandFooter(brand) : [fillPlaceholders(texts.footer, { ...params, accountName })];
  const footer = footerLines.join('\n');
  const color = brand?.primaryColor ?? PLATFORM_COLOR;
  const html = `<!DOCTYPE html>
<html lang="${HTML_LANG[layout.locale] ?? 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7">
<div role="article" aria-label="${escapeHtml(subject)}" style="max-width:600px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1b1e">
<header style="padding:0 0 16px 0;border-bottom:2px solid ${color};margin:0 0 24px 0">
${headerHtml(accountName, brand)}
</header>
<main style="background:#ffffff;padding:24px;border-radius:8px">
${bodyHtml(texts.body, params, color, texts.button)}
</main>
<footer style="padding:16px 0 0 0;font-size:13px;color:#495057">
<p style="margin:0">${footerLines.map(escapeHtml).join('<br>\n')}</p>
</footer>
</div>
</body>
</html>
`;
  // "-- " (with the space) is the signature separator mail programs recognise.
  return { subject, text: `${text}\n\n-- \n${footer}\n`, html };
}
