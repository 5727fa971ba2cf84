import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { PREFIXES, fill, loadLocaleTexts, resetTexts } from './texts';

afterEach(() => {
  resetTexts();
  vi.unstubAllGlobals();
});

describe('participant texts', () => {
  it('asks for every prefix in one request (a phone pays for each round trip) and speaks the language', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      jsonResponse([{ key: 'common.retry', text: 'Erneut versuchen', textType: 'BQUI', language: 'DE_DE' }]),
    );
    vi.stubGlobal('fetch', fetchMock);
    await loadLocaleTexts('DE_DE');
    await loadLocaleTexts('DE_DE');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toBe('/api/i18ns');
    expect(url.searchParams.get('language')).toBe('DE_DE');
    expect(url.searchParams.get('textTypeParameter')).toBe('BQUI,ERROR');
    expect(url.searchParams.get('filter')!.split(',')).toEqual(PREFIXES);
    expect(document.documentElement.lang).toBe('de-DE');
  });

  it('fills i18next placeholders', () => {
    expect(fill('Revoked on {{date}} by {{ who }}', { date: '01.06.2026', who: 'X' })).toBe('Revoked on 01.06.2026 by X');
  });
});
