import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { SessionReplayConsent } from './SessionReplayConsent';
import { CONSENT_KEY, isReplayExcludedPath, resetSessionReplayForTests } from './session-replay';

const baseConfig = {
  version: '0.1.0',
  demoMode: false,
  locales: ['EN_US', 'EN_UK', 'DE_DE'],
  defaultLocale: 'EN_US',
  passwordPolicy: { minLength: 10, maxLength: 128, minStrength: 3 },
  chunkLoadTimeoutMs: 120000,
};
const fetchMock = vi.fn<typeof fetch>();
const replayScripts = () =>
  [...document.head.querySelectorAll('script')].filter((s) => s.src.includes('hotjar'));

beforeAll(() => initTestI18n());
beforeEach(() => {
  window.localStorage.clear();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  resetSessionReplayForTests();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function serve(sessionReplay: { id: string; snippetVersion: 6 } | null) {
  fetchMock.mockImplementation(async () => jsonResponse({ ...baseConfig, sessionReplay }));
}

describe('session-replay consent', () => {
  it('shows nothing and loads nothing when not configured', async () => {
    serve(null);
    renderWithProviders(<SessionReplayConsent />, { route: '/' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Analytics consent' })).toBeNull();
    expect(replayScripts()).toHaveLength(0);
  });

  it('loads the recording with the id and the constant 6 only after consent, and remembers the choice', async () => {
    serve({ id: '1234567', snippetVersion: 6 });
    renderWithProviders(<SessionReplayConsent />, { route: '/' });
    const banner = await screen.findByRole('region', { name: 'Analytics consent' });
    expect(replayScripts()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Allow recording' }));
    await waitFor(() => expect(replayScripts()).toHaveLength(1));
    expect(replayScripts()[0]!.src).toBe('https://static.hotjar.com/c/hotjar-1234567.js?sv=6');
    expect((window as unknown as { _hjSettings: unknown })._hjSettings).toEqual({ hjid: 1234567, hjsv: 6 });
    expect(window.localStorage.getItem(CONSENT_KEY)).toBe('granted');
    expect(banner).not.toBeInTheDocument();
  });

  it('loads nothing when declined', async () => {
    serve({ id: '1234567', snippetVersion: 6 });
    renderWithProviders(<SessionReplayConsent />, { route: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'No, thanks' }));
    expect(window.localStorage.getItem(CONSENT_KEY)).toBe('denied');
    expect(replayScripts()).toHaveLength(0);
  });

  it('never asks or loads on public report, certificate, verification and questionnaire pages, even with consent', async () => {
    serve({ id: '1234567', snippetVersion: 6 });
    window.localStorage.setItem(CONSENT_KEY, 'granted');
    renderWithProviders(<SessionReplayConsent />, { route: '/bqa/report/abc' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(replayScripts()).toHaveLength(0);
    for (const path of [
      '/bqa/report/x',
      '/performance/report/x',
      '/bqaRecommendations/report/x',
      '/report/t/download',
      '/bqp/certificate/x',
      '/verify/certificate/x',
      '/q/token',
    ]) {
      expect(isReplayExcludedPath(path), path).toBe(true);
    }
    expect(isReplayExcludedPath('/product/risk/client')).toBe(false);
  });
});
