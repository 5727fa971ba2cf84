import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { initTestI18n } from '../test/i18n';
import { changeLocale, forgetTranslations, i18n, initialLocale, LOCALE_STORAGE_KEY } from './i18n';
import { handleTranslationShortcut } from './translation-shortcuts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  forgetTranslations();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterAll(() => initTestI18n());

const entries = (language: string, texts: Record<string, string>) =>
  Object.entries(texts).map(([key, text]) => ({ key, text, language, textType: 'BQUI' }));

describe('i18n', () => {
  it('loads BQUI and ERROR texts of a locale, switches to it and sets <html lang>', async () => {
    fetchMock.mockResolvedValue(jsonResponse(entries('DE_DE', { 'login.title': 'Anmelden' })));
    await changeLocale('DE_DE', { persist: true });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      '/api/i18ns?language=DE_DE&textTypeParameter=BQUI%2CERROR',
    );
    expect(i18n.t('login.title')).toBe('Anmelden');
    expect(document.documentElement.lang).toBe('de-DE');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('DE_DE');
  });

  it('only warns when the texts cannot be loaded, and shows the keys', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await changeLocale('EN_UK');
    expect(warn).toHaveBeenCalled();
    expect(document.documentElement.lang).toBe('en-GB');
    expect(i18n.t('login.title')).toBe('login.title');
  });

  it('fetches the texts of a language once, however often the language changes', async () => {
    fetchMock.mockImplementation(async (url) => {
      const language = new URL(String(url), 'http://localhost').searchParams.get('language')!;
      return jsonResponse(entries(language, { 'login.title': language === 'DE_DE' ? 'Anmelden' : 'Log in' }));
    });
    for (const locale of ['DE_DE', 'EN_US', 'DE_DE', 'EN_US', 'DE_DE'] as const) await changeLocale(locale);
    expect(i18n.t('login.title')).toBe('Anmelden');
    const languages = fetchMock.mock.calls.map(([url]) =>
      new URL(String(url), 'http://localhost').searchParams.get('language'),
    );
    expect(languages).toEqual(['DE_DE', 'EN_US']);
  });

  it('tries again after a failed load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await changeLocale('EN_UK');
    expect(i18n.t('login.title')).toBe('login.title');
    fetchMock.mockResolvedValueOnce(jsonResponse(entries('EN_UK', { 'login.title': 'Sign in' })));
    await changeLocale('EN_UK');
    expect(i18n.t('login.title')).toBe('Sign in');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('clears the texts with Meta+Ctrl+Alt+C and reloads German with Meta+Ctrl+Alt+G', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(entries('DE_DE', { 'login.title': 'Anmelden' })));
    await changeLocale('DE_DE');
    const key = (code: string, modifiers = { metaKey: true, ctrlKey: true, altKey: true }) =>
      handleTranslationShortcut(new KeyboardEvent('keydown', { code, ...modifiers }));

    expect(key('KeyC', { metaKey: false, ctrlKey: true, altKey: false })).toBe(false);
    expect(i18n.t('login.title')).toBe('Anmelden');

    expect(key('KeyC')).toBe(true);
    await vi.waitFor(() => expect(i18n.t('login.title')).toBe('login.title'));

    expect(key('KeyG')).toBe(true);
    await vi.waitFor(() => expect(i18n.t('login.title')).toBe('Anmelden'));
  });

  it('picks the start locale from ?locale=, then the stored choice, then the browser', () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'EN_UK');
    expect(initialLocale()).toBe('EN_UK');
    window.history.replaceState(null, '', '/login?locale=de_de');
    expect(initialLocale()).toBe('DE_DE');
  });
});
