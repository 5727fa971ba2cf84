// The bq_saml cookie's SameSite (docs/decisions/0073): the provider's page posts cross-site, which only None carries,
// and None is taken by browsers only with Secure; on plain http it falls back to Lax.
import { describe, expect, it } from 'vitest';
import { samlBrowserCookieName, samlBrowserCookieOptions } from './saml-browser-binding';

describe('the SAML browser cookie', () => {
  const expires = new Date(Date.now() + 600_000);
  it('is SameSite=None; Secure on https, so the provider page\'s cross-site POST carries it', () => {
    expect(samlBrowserCookieOptions(true, expires)).toEqual({ httpOnly: true, secure: true, sameSite: 'none', path: '/api/sso/saml', expires });
  });
  it('is named __Secure-bq_saml when Secure, so no plain-http page can set it; bq_saml on plain http', () => {
    expect(samlBrowserCookieName(true)).toBe('__Secure-bq_saml');
    expect(samlBrowserCookieName(false)).toBe('bq_saml');
  });
  it('is SameSite=Lax without Secure on plain http (None without Secure is dropped by browsers)', () => {
    expect(samlBrowserCookieOptions(false, expires)).toEqual({ httpOnly: true, secure: false, sameSite: 'lax', path: '/api/sso/saml', expires });
  });
});
