// The firm's branding of a participant page, read with the token the page already has (GET /api/branding/{token},
// docs/decisions/0055). Plain fetch and React state, no query library: the participant pages' own small entry uses it
// too. One request per token per page load; an unknown token or a failed read leaves the page unbranded.
import { useEffect, useState } from 'react';
import type { TPublicBranding } from '@bq/contracts/branding';

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
  const path = token ? `/api/branding/${encodeURIComponent(token)}` : null;
  const [state, setState] = useState<{ path: string; branding: TPublicBranding | null } | null>(null);
  useEffect(() => {
    if (!path) return;
    let live = true;
    void fetchBranding(path).then((branding) => live && setState({ path, branding }));
    return () => {
      live = false;
    };
  }, [path]);
  return state && state.path === path ? state.branding : null;
}

/** The branding of the host the page was reached through (the sign-in page under the firm's own address). */
export function useHostBranding(): TPublicBranding | null {
  const [branding, setBranding] = useState<TPublicBranding | null>(null);
  useEffect(() => {
    let live = true;
    void fetchBranding('/api/branding/host').then((b) => live && setBranding(b));
    return () => {
      live = false;
    };
  }, []);
  return branding;
}
