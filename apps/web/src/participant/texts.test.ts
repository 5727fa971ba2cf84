import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { addTextPrefixes, fill, loadLocaleTexts, resetTexts, textPrefixes } from './texts';

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
    addTextPrefixes('certificates.', 'questionnaire.');
    await loadLocaleTexts('DE_DE');
    await loadLocaleTexts('DE_DE');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toBe('/api/i18ns');
    expect(url.searchParams.get('language')).toBe('DE_DE');
    expect(url.searchParams.get('textTypeParameter')).toBe('BQUI,ERROR');
    const asked = url.searchParams.get('filter')!.split(',');
    expect(asked).toEqual(textPrefixes());
    expect(asked).toEqual(expect.arrayContaining(['questionnaire.', 'common.retry', 'certificates.']));
    // A page's own prefix once, also when it is one of the common ones.
    expect(asked.filter((prefix) => prefix === 'certificates.')).toHaveLength(1);
    expect(document.documentElement.lang).toBe('de-DE');
  });

  it('fills i18next placeholders', () => {
    expect(fill('Revoked on {{date}} by {{ who }}', { date: '01.06.2026', who: 'X' })).toBe('Revoked on 01.06.2026 by X');
  });
});
