import { beforeEach, describe, expect, it } from 'vitest';
import { startGoogleSignIn, takeGoogleCallback } from './google-flow';

const settings = { clientId: 'client-1', authorizationEndpoint: 'https://issuer.example/authorize' };

describe('Sign in with Google, browser side', () => {
  beforeEach(() => sessionStorage.clear());

  it('asks the issuer for an id_token with a fresh nonce and state, and comes back to /login/google', () => {
    const url = new URL(startGoogleSignIn(settings, { productType: 'BQ_RISK' }));
    expect(url.origin + url.pathname).toBe('https://issuer.example/authorize');
    expect(url.searchParams.get('response_type')).toBe('id_token');
    expect(url.searchParams.get('client_id')).toBe('client-1');
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/login/google`);
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('nonce')).not.toBe(url.searchParams.get('state'));
  });

  it('accepts the answer once, with its nonce and productType, only when the state matches', () => {
    const url = new URL(startGoogleSignIn(settings, { productType: 'BQ_RISK' }));
    const state = url.searchParams.get('state')!;
    const result = takeGoogleCallback(`#id_token=aaa.bbb.ccc&state=${state}`);
    expect(result).toMatchObject({ ok: true, idToken: 'aaa.bbb.ccc', pending: { nonce: url.searchParams.get('nonce'), productType: 'BQ_RISK' } });
    // The same answer again (reload, replay) finds no attempt any more.
    expect(takeGoogleCallback(`#id_token=aaa.bbb.ccc&state=${state}`)).toEqual({ ok: false, reason: 'state' });
  });

  it('refuses an answer with another state, and reports a cancelled sign-in', () => {
    startGoogleSignIn(settings);
    expect(takeGoogleCallback('#id_token=aaa.bbb.ccc&state=forged')).toEqual({ ok: false, reason: 'state' });
    startGoogleSignIn(settings);
    expect(takeGoogleCallback('#error=access_denied')).toEqual({ ok: false, reason: 'cancelled' });
  });
});
