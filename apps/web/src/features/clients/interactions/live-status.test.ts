import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { INTERACTION_STATUSES } from '@bq/domain/interaction-lifecycle';
import { LIVE_REFETCH_MS, isBackgroundRefetch, liveRefetchInterval } from './live-status';

describe('live status polling', () => {
  it.each(['NEW', 'OPENED', 'FILLED', 'CALCULATING', 'PREDICTING'] as const)(
    'asks again every 3 seconds while an interaction is %s',
    (status) => {
      expect(liveRefetchInterval([status])).toBe(3000);
      expect(LIVE_REFETCH_MS).toBe(3000);
    },
  );

  it.each(['RESULTS_AVAILABLE', 'ERROR', 'PREDICTION_ERROR', 'CLOSED'] as const)('stops at %s', (status) => {
    expect(liveRefetchInterval([status])).toBe(false);
  });

  it('keeps polling while any one of several interactions can still change', () => {
    expect(liveRefetchInterval(['RESULTS_AVAILABLE', 'CLOSED', 'OPENED'])).toBe(3000);
    expect(liveRefetchInterval(['RESULTS_AVAILABLE', 'CLOSED', 'ERROR'])).toBe(false);
  });

  it('does not poll without data or without interactions', () => {
    expect(liveRefetchInterval(undefined)).toBe(false);
    expect(liveRefetchInterval([])).toBe(false);
  });

  it('knows every status of the lifecycle', () => {
    for (const status of INTERACTION_STATUSES) expect([3000, false]).toContain(liveRefetchInterval([status]));
  });

  it('fetches in the background (no loading bar) only once the query has data to show', () => {
    const client = new QueryClient();
    const queryKey = ['interactions', 'instance', 'i1'];
    expect(isBackgroundRefetch({ client, queryKey })).toBe(false);
    client.setQueryData(queryKey, { token: 'i1', status: 'OPENED' });
    expect(isBackgroundRefetch({ client, queryKey })).toBe(true);
    expect(isBackgroundRefetch({ client, queryKey: ['interactions', 'instance', 'i2'] })).toBe(false);
  });
});
