// The firm's branding delivered with the page (docs/decisions/0085): the server writes it into the HTML of a
// participant page (read with the page's token, as GET /api/branding/{token}) and of the sign-in page (read with the
// Host header, as GET /api/branding/host), so the page draws the firm's header and footer with its first paint
// instead of after a second round trip, and nothing shifts when it arrives. The same answers as those two calls.
import type { TPublicBranding } from '@bq/contracts/branding';
import type { Db } from '../../db/client';
import { accountOfHost, accountOfToken } from './brand-lookup';
import { brandingForAccount, publicBranding } from './branding-service';

/** What the page reads from its `bq-brand` element: the token (or the host) it was read with, and the branding. */
export type PageBrand = { token: string; branding: TPublicBranding | null } | { host: true; branding: TPublicBranding | null };

/** The token in a participant page's path: the last segment, but /report/{token}/download's second. */
export function tokenOfPage(path: string): string | null {
  const segments = path.split('/').filter(Boolean);
  const raw = segments[0] === 'report' ? segments[1] : segments.at(-1);
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

export async function participantPageBrand(db: Db, path: string): Promise<PageBrand | null> {
  const token = tokenOfPage(path);
  if (!token || token.length > 200) return null;
  const accountId = await accountOfToken(db, token);
  const branding = accountId ? publicBranding(await brandingForAccount(db, accountId), `/api/branding/${encodeURIComponent(token)}/logo`) : null;
  return { token, branding };
}

export async function signInPageBrand(db: Db, host: string | undefined): Promise<PageBrand> {
  const accountId = await accountOfHost(db, host);
  return { host: true, branding: accountId ? publicBranding(await brandingForAccount(db, accountId), '/api/branding/host/logo') : null };
}

/**
 * The page's HTML with the brand as a JSON data block before </head>. A data block is not run (the CSP's
 * script-src 'self' stays as it is); `<` is escaped so no text of the firm's can close the element.
 */
export function withPageBrand(html: string, brand: PageBrand): string {
  const json = JSON.stringify(brand).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return html.replace('</head>', `<script type="application/json" id="bq-brand">${json}</script></head>`);
}
