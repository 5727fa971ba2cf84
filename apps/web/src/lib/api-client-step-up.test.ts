// The API client's answer to step-up (docs/decisions/0045): a 403 error.two_factor.step_up_required goes to the
// registered dialog; when it reports success the same call is sent once more, otherwise the refusal reaches the caller.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { ApiError, STEP_UP_REQUIRED, api, setStepUpHandler } from './api-client';

const fetchMock = vi.fn<typeof fetch>();
const refusal = () => jsonResponse({ errorKey: STEP_UP_REQUIRED, message: 'Step-up required' }, 403);

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => setStepUpHandler(null));

describe('step-up in the api client', () => {
  it('asks the dialog and repeats the call with the same body once the factor is proved', async () => {
    const handler = vi.fn(async () => true);
    setStepUpHandler(handler);
    fetchMock.mockResolvedValueOnce(refusal()).mockResolvedValueOnce(jsonResponse({ id: 'c1' }, 201));
    await expect(api.post('/api/management/credentials', { description: 'CRM' })).resolves.toEqual({ id: 'c1' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]![1]!.body).toBe(JSON.stringify({ description: 'CRM' }));
  });

  it('gives the refusal back when the dialog is closed, and asks only once per call', async () => {
    setStepUpHandler(async () => false);
    fetchMock.mockResolvedValueOnce(refusal());
    await expect(api.put('/api/account/security', {})).rejects.toMatchObject({ errorKey: STEP_UP_REQUIRED, status: 403 });
    setStepUpHandler(async () => true);
    fetchMock.mockResolvedValueOnce(refusal()).mockResolvedValueOnce(refusal());
    const error = await api.put('/api/account/security', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('leaves other 403 answers alone', async () => {
    const handler = vi.fn(async () => true);
    setStepUpHandler(handler);
    fetchMock.mockResolvedValueOnce(jsonResponse({ errorKey: 'error.auth.forbidden' }, 403));
    await expect(api.get('/api/x')).rejects.toMatchObject({ errorKey: 'error.auth.forbidden' });
    expect(handler).not.toHaveBeenCalled();
  });
});
