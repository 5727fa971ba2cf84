import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { enUsTexts, initTestI18n } from '../test/i18n';
import { jsonResponse } from '../test/render';
import { ApiError, api, setApiNavigator } from './api-client';
import { getLoadingCount, subscribeLoading } from './loading-counter';
import { showApiError } from './notify';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(to: string) => void>();

beforeAll(() => initTestI18n());

beforeEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setApiNavigator(navigate);
  window.history.replaceState(null, '', '/');
});

afterEach(() => window.history.replaceState(null, '', '/'));

function lastRequest(): { url: string; init: RequestInit } {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init: init ?? {} };
}

describe('api client', () => {
  it('sends the X-Source and Accept headers, JSON bodies and same-origin credentials', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await expect(api.post('/api/admin/user/settings', { locale: 'DE_DE' })).resolves.toEqual({ ok: true });
    const { url, init } = lastRequest();
    expect(url).toBe('/api/admin/user/settings');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({
      'X-Source': 'web',
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(String(init.body))).toEqual({ locale: 'DE_DE' });
  });

  it('sends a raw text body with the given content type and still reads JSON back', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ imported: true }));
    const csv = 'Date,SP500\n1871.01,4.44\n';
    await expect(
      api.post('/api/admin/market-history', csv, {
        contentType: 'text/csv',
        query: { source: 'ie_data.csv' },
      }),
    ).resolves.toEqual({ imported: true });
    const { url, init } = lastRequest();
    expect(url).toBe('/api/admin/market-history?source=ie_data.csv');
    expect(init.headers).toMatchObject({ 'X-Source': 'web', 'Content-Type': 'text/csv' });
    expect(init.body).toBe(csv);
  });

  it('raises the loading counter for the duration of a call and lowers it on success', async () => {
    let resolve: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((r) => (resolve = r)));
    const seen: number[] = [];
    const unsubscribe = subscribeLoading(() => seen.push(getLoadingCount()));

    const call = api.get('/api/user');
    expect(getLoadingCount()).toBe(1);
    resolve(jsonResponse({ id: 'u1' }));
    await call;

    unsubscribe();
    expect(seen).toEqual([1, 0]);
    expect(getLoadingCount()).toBe(0);
  });

  it('lowers the loading counter again when a call fails, with the errorKey on the thrown ApiError', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { errorKey: 'error.password.weak', message: 'weak', fields: [{ path: 'password', errorKey: 'x' }] },
        400,
      ),
    );
    const error = await api.patch('/api/user/u1/password', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      errorKey: 'error.password.weak',
      fields: [{ path: 'password' }],
    });
    expect(getLoadingCount()).toBe(0);
  });

  it('leaves the loading counter alone for background requests, which still answer and fail as usual', async () => {
    let resolve: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((r) => (resolve = r)));
    const seen: number[] = [];
    const unsubscribe = subscribeLoading(() => seen.push(getLoadingCount()));

    const call = api.get('/api/instance/i1', { background: true });
    expect(getLoadingCount()).toBe(0);
    resolve(jsonResponse({ token: 'i1' }));
    await expect(call).resolves.toEqual({ token: 'i1' });

    fetchMock.mockResolvedValueOnce(jsonResponse({ errorKey: 'error.not_found', message: 'gone' }, 404));
    await expect(api.get('/api/instance/i1', { background: true })).rejects.toMatchObject({
      status: 404,
      errorKey: 'error.not_found',
    });
    unsubscribe();
    expect(seen).toEqual([]);
    expect(getLoadingCount()).toBe(0);
  });

  it('lowers the loading counter when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/user')).rejects.toMatchObject({ status: 0, errorKey: 'error.network' });
    expect(getLoadingCount()).toBe(0);
  });

  it('sends the user to login with the current path and query as redirect on a 401', async () => {
    window.history.replaceState(null, '', '/product/BQ_RISK?group=PROSPECT');
    fetchMock.mockResolvedValue(
      jsonResponse({ errorKey: 'error.auth.unauthorized', message: 'no session' }, 401),
    );
    const error = await api.get('/api/user').catch((e: unknown) => e);
    expect(navigate).toHaveBeenCalledWith(
      `/login?redirectUrl=${encodeURIComponent('/product/BQ_RISK?group=PROSPECT')}`,
    );
    expect(error).toMatchObject({ status: 401, redirectedToLogin: true });
  });

  it('does not redirect for the login call itself or on public pages', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ errorKey: 'error.auth.invalid_credentials', message: 'wrong' }, 401),
    );
    window.history.replaceState(null, '', '/settings/password');
    await expect(api.post('/api/login', {}, { skipLoginRedirect: true })).rejects.toBeInstanceOf(ApiError);
    window.history.replaceState(null, '', '/bqa/report/abc');
    await expect(api.get('/api/report/content/bqa/abc')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('showApiError', () => {
  it('shows the translation of the errorKey as a red error toast', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    showApiError(new ApiError(401, { errorKey: 'error.auth.invalid_credentials', message: 'x' }));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: enUsTexts['notification.error.title'],
        message: enUsTexts.ERROR_AUTH_INVALID_CREDENTIALS,
        color: 'red',
      }),
    );
  });

  it('falls back to the general message when the errorKey has no translation', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    showApiError(new ApiError(500, { errorKey: 'error.something.unheard_of', message: 'x' }));
    showApiError(new Error('not even an API error'));
    expect(show.mock.calls.map(([data]) => data.message)).toEqual([
      enUsTexts.ERROR_GENERAL,
      enUsTexts.ERROR_GENERAL,
    ]);
  });

  it('stays silent when the user was already sent to the login page', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const error = new ApiError(401, { errorKey: 'error.auth.unauthorized', message: 'x' });
    error.redirectedToLogin = true;
    showApiError(error);
    expect(show).not.toHaveBeenCalled();
  });
});
