// The firm's branding of a participant page, read with the token the page already has (GET /api/branding/{token},
// docs/decisions/0055). Plain fetch and React state, no query library: the participant pages' own small entry uses it
// too. One request per token per page load; an unknown token or a failed read leaves the page unbranded.
// The server writes the branding into the page it sends (`<script type="application/json" id="bq-brand">`,
// docs/decisions/0085): then the first render has it and nothing is fetched, so the firm's header and footer do not
// arrive after the content and shift it.
import { useEffect, useState } from 'react';
import type { TPublicBranding } from '@bq/contracts/branding';

type PageBrand = { token?: string; host?: true; branding: TPublicBranding | null };

/** The branding the server wrote into the page, if it did (read once: it does not change while the page lives). */
let pageBrand: PageBrand | null | undefined;
function brandInPage(): PageBrand | null {
  if (pageBrand === undefined) {
    try {
      const text = typeof document === 'undefined' ? null : document.getElementById('bq-brand')?.textContent;
      pageBrand = text ? (JSON.parse(text) as PageBrand) : null;
    } catch {
      pageBrand = null;
    }
  }
  return pageBrand;
}

/** Tests: read the page's brand element again. */
export function forgetPageBrand(): void {
  pageBrand = undefined;
}

const cache = new Map<string, Promise<TPublicBranding | null>>();

function fetchBranding(path: string): Promise<TPublicBranding | null> {
  let pending = cache.get(path);
  if (!pending) {
    pending = fetch(path, { headers: { accept: 'application/json', 'x-source': 'web' }, credentials: 'same-origin' })
      .then((response) => (response.ok ? (response.json() as Promise<TPublicBranding>) : null))
      .catch(() => null);
    cache.set(path, pending);
  }
  return pending;
}

/** The branding of the token's account; null while loading, for an unknown token and for an account without one. */
export function usePublicBranding(token: string | null): TPublicBranding | null {
  const inPage = brandInPage();
  const known = token !== null && inPage?.token === token;
  const path = token && !known ? `/api/branding/${encodeURIComponent(token)}` : null;
  const [state, setState] = useState<{ path: string; branding: TPublicBranding | null } | null>(null);
  useEffect(() => {
    if (!path) return;
    let live = true;
    void fetchBranding(path).then((branding) => live && setState({ path, branding }));
    return () => {
      live = false;
    };
  }, [path]);
  if (known) return inPage?.branding ?? null;
  return state && state.path === path ? state.branding : null;
}

/** The branding of the host the page was reached through (the sign-in page under the firm's own address). */
export function useHostBranding(): TPublicBranding | null {
  const inPage = brandInPage();
  const known = inPage?.host === true;
  const [branding, setBranding] = useState<TPublicBranding | null>(known ? (inPage?.branding ?? null) : null);
  useEffect(() => {
    if (known) return;
    let live = true;
    void fetchBranding('/api/branding/host').then((b) => live && setBranding(b));
    return () => {
      live = false;
    };
  }, [known]);
  return branding;
}
