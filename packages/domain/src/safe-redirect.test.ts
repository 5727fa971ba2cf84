import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { MAX_REDIRECT_LENGTH, safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath: accepted', () => {
  it.each([
    '/',
    '/clients',
    '/clients/42',
    '/product/BQ_RISK',
    '/clients?group=PROSPECT&page=2',
    '/clients#notes',
    '/search?q=a%20b',
    '/reports/%C3%BCbersicht',
    '/a//b',
    '/apiary',
    '/api-docs',
    '/loginhelp',
    '/logins',
    '/settings/login',
    '/settings/api/keys',
    '/public/report/abc?x=/api/y',
    '/x?next=//evil.example',
    '/foo:bar',
    '/x/../clients',
  ])('%j', (url) => expect(safeRedirectPath(url)).toBe(url));

  it('returns the accepted input unchanged, not normalised', () => {
    expect(safeRedirectPath('/a/./b/../c?x=1#y')).toBe('/a/./b/../c?x=1#y');
  });

  it('accepts exactly the maximum length', () => {
    const url = `/${'a'.repeat(MAX_REDIRECT_LENGTH - 1)}`;
    expect(safeRedirectPath(url)).toBe(url);
  });
});

describe('safeRedirectPath: refused', () => {
  it.each([
    ['missing', null],
    ['missing', undefined],
    ['empty', ''],
    ['absolute URL', 'https://evil.example'],
    ['absolute URL with path', 'https://evil.example/clients'],
    ['plain http', 'http://evil.example'],
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/clients'],
    ['triple slash', '///evil.example'],
    ['backslash after slash', '/\\evil.example'],
    ['backslash then slash', '/\\/evil.example'],
    ['backslash anywhere', '/clients\\evil'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['javascript scheme, upper case', 'JAVASCRIPT:alert(1)'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['relative path', 'clients'],
    ['dot relative', './clients'],
    ['parent relative', '../clients'],
    ['query only', '?x=1'],
    ['fragment only', '#x'],
    ['encoded double slash', '/%2F%2Fevil'],
    ['encoded double slash, lower case', '/%2f%2fevil.example'],
    ['encoded slash after slash', '/%2Fevil.example'],
    ['double-encoded double slash', '/%252F%252Fevil'],
    ['encoded backslash', '/%5Cevil.example'],
    ['encoded backslash later', '/clients%5Cevil'],
    ['tab', '/\t/evil.example'],
    ['tab inside', '/cli\tents'],
    ['newline', '/\n/evil.example'],
    ['carriage return', '/clients\r'],
    ['space', '/clients page'],
    ['leading space', ' /clients'],
    ['trailing space', '/clients '],
    ['non-breaking space', '/clients\u00a0x'],
    ['line separator', '/clients\u2028x'],
    ['NUL', '/clients\u0000'],
    ['DEL', '/clients\u007f'],
    ['encoded tab', '/%09/evil.example'],
    ['encoded newline', '/clients%0A'],
    ['encoded NUL', '/clients%00'],
    ['zero-width space', '/\u200b/evil.example'],
    ['bidi override', '/clients\u202e'],
    ['byte order mark', '/\ufeffclients'],
    ['malformed percent encoding', '/clients%E0%A4%A'],
    ['lone percent', '/discount?x=100%'],
    ['API root', '/api'],
    ['API path', '/api/'],
    ['API endpoint', '/api/clients'],
    ['API with query', '/api?x=1'],
    ['API upper case', '/API/clients'],
    ['API behind dot segment', '/./api/clients'],
    ['API behind parent segment', '/x/../api/clients'],
    ['API behind encoded dots', '/%2e%2e/api/clients'],
    ['API encoded letter', '/%61pi/clients'],
    ['login', '/login'],
    ['login trailing slash', '/login/'],
    ['login with redirect', '/login?redirect=/clients'],
    ['login with fragment', '/login#x'],
    ['login upper case', '/LOGIN'],
    ['login behind dot segment', '/./login'],
    ['login behind parent segment', '/clients/../login'],
    ['double slash after dot segment', '/.//evil.example'],
    ['too long', `/${'a'.repeat(MAX_REDIRECT_LENGTH)}`],
    ['very long', `/${'a'.repeat(100_000)}`],
  ])('%s: %j', (_reason, url) => expect(safeRedirectPath(url)).toBe('/'));

  it('refuses non-strings from untyped callers', () => {
    expect(safeRedirectPath(42 as unknown as string)).toBe('/');
    expect(safeRedirectPath({ toString: () => '/clients' } as unknown as string)).toBe('/');
  });
});

describe('safeRedirectPath: properties', () => {
  it('always returns a path that stays on this site', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 64 }), (input) => {
        const result = safeRedirectPath(input);
        expect(result === '/' || result === input).toBe(true);
        const resolved = new URL(result, 'https://app.example');
        expect(resolved.origin).toBe('https://app.example');
        expect(result).not.toMatch(/^\/\//);
      }),
    );
  });

  it('keeps any same-site origin for inputs built from URL characters', () => {
    const urlChar = fc.constantFrom(...'/\\.:%?#@aAz09-_~'.split(''), '%2F', '%5C', '%2e', '%09', '\t', '\n');
    fc.assert(
      fc.property(
        fc.array(urlChar, { maxLength: 12 }).map((chars) => chars.join('')),
        (input) => {
          const result = safeRedirectPath(input);
          expect(new URL(result, 'https://app.example/some/page').origin).toBe('https://app.example');
          expect(new URL(decodeURIComponent(result), 'https://app.example').origin).toBe(
            'https://app.example',
          );
        },
      ),
    );
  });

  it('never lets an API path or the login page through', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('/api', '/API', '/login', '/Login'),
        fc.constantFrom('', '/', '/x', '?a=b', '#f'),
        (base, rest) => {
          if (base.toLowerCase() === '/login' && rest === '/x') return;
          expect(safeRedirectPath(base + rest)).toBe('/');
        },
      ),
    );
  });
});
