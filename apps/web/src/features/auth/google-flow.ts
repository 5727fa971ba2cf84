// Sign in with Google, browser side: the OpenID Connect implicit flow (response_type=id_token). Before leaving for
// the issuer, a random nonce and state are kept in sessionStorage; the callback page (/login/google) accepts the
// answer only when its state matches, then posts the ID token with the nonce to POST /api/oauth/google.
import type { ProductType } from '@bq/domain/product-types';

const STORAGE_KEY = 'bq.googleSignIn';
/** An unanswered attempt older than this is not accepted any more. */
const MAX_AGE_MS = 10 * 60_000;

export interface PendingGoogleSignIn {
  nonce: string;
  state: string;
  productType?: ProductType;
  redirectUrl?: string;
  startedAt: number;
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export const GOOGLE_CALLBACK_PATH = '/login/google';

/** The issuer's authorization URL for a new attempt, which is remembered for the callback. */
export function startGoogleSignIn(
  settings: { clientId: string; authorizationEndpoint: string },
  options: { productType?: ProductType; redirectUrl?: string } = {},
): string {
  const pending: PendingGoogleSignIn = { nonce: randomToken(), state: randomToken(), startedAt: Date.now(), ...options };
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  const url = new URL(settings.authorizationEndpoint);
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('response_type', 'id_token');
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('redirect_uri', `${window.location.origin}${GOOGLE_CALLBACK_PATH}`);
  url.searchParams.set('nonce', pending.nonce);
  url.searchParams.set('state', pending.state);
  url.searchParams.set('prompt', 'select_account');
  return url.toString();
}

export type GoogleCallback =
  | { ok: true; idToken: string; pending: PendingGoogleSignIn }
  | { ok: false; reason: 'cancelled' | 'state' };

/** Reads and forgets the issuer's answer (the URL fragment) and the attempt it belongs to. */
export function takeGoogleCallback(hash: string): GoogleCallback {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const stored = sessionStorage.getItem(STORAGE_KEY);
  sessionStorage.removeItem(STORAGE_KEY);
  let pending: PendingGoogleSignIn | null = null;
  try {
    pending = stored ? (JSON.parse(stored) as PendingGoogleSignIn) : null;
  } catch {
    pending = null;
  }
  if (params.get('error')) return { ok: false, reason: 'cancelled' };
  const idToken = params.get('id_token');
  if (!pending || !idToken || params.get('state') !== pending.state || Date.now() - pending.startedAt > MAX_AGE_MS) {
    return { ok: false, reason: 'state' };
  }
  return { ok: true, idToken, pending };
}
