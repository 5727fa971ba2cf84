import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { expirationStatus, instanceExpirationStatus } from './expiration';

const now = new Date('2024-03-15T12:00:00.000Z');

describe('expirationStatus', () => {
  it('is null without an expiry date', () => {
    expect(expirationStatus(null, now)).toBeNull();
  });

  it('is null for an unreadable expiry date or now', () => {
    expect(expirationStatus('soon', now)).toBeNull();
    expect(expirationStatus(new Date(Number.NaN), now)).toBeNull();
    expect(expirationStatus('2024-03-20', new Date(Number.NaN))).toBeNull();
  });

  it.each<[string, string | null]>([
    ['2020-01-01T00:00:00Z', 'EXPIRED'],
    ['2024-03-01T00:00:00Z', 'EXPIRED'],
    ['2024-03-15T11:59:59.999Z', 'EXPIRED'],
    ['2024-03-15T12:00:00.000Z', 'EXPIRED'],
    ['2024-03-15T12:00:00.001Z', 'EXPIRE_THIS_MONTH'],
    ['2024-03-31T23:59:59.999Z', 'EXPIRE_THIS_MONTH'],
    ['2024-04-01T00:00:00.000Z', 'EXPIRE_NEXT_MONTH'],
    ['2024-04-30T23:59:59.999Z', 'EXPIRE_NEXT_MONTH'],
    ['2024-05-01T00:00:00.000Z', null],
    ['2025-03-20T00:00:00.000Z', null],
    ['2025-04-01T00:00:00.000Z', null],
  ])('%s -> %s', (expiresAt, expected) => {
    expect(expirationStatus(expiresAt, now)).toBe(expected);
    expect(expirationStatus(new Date(expiresAt), now)).toBe(expected);
  });

  it('reads a date-only string as midnight UTC', () => {
    expect(expirationStatus('2024-03-15', now)).toBe('EXPIRED');
    expect(expirationStatus('2024-03-16', now)).toBe('EXPIRE_THIS_MONTH');
  });

  it('uses UTC months, not the offset written in the string', () => {
    // 1 April 01:00 in Berlin is still 31 March in UTC.
    expect(expirationStatus('2024-04-01T01:00:00+02:00', now)).toBe('EXPIRE_THIS_MONTH');
  });

  it('rolls December over into January', () => {
    const december = new Date('2024-12-10T00:00:00Z');
    expect(expirationStatus('2024-12-31T00:00:00Z', december)).toBe('EXPIRE_THIS_MONTH');
    expect(expirationStatus('2025-01-01T00:00:00Z', december)).toBe('EXPIRE_NEXT_MONTH');
    expect(expirationStatus('2025-01-31T23:59:59Z', december)).toBe('EXPIRE_NEXT_MONTH');
    expect(expirationStatus('2025-02-01T00:00:00Z', december)).toBeNull();
    expect(expirationStatus('2024-01-15T00:00:00Z', december)).toBe('EXPIRED');
  });

  it('does not confuse the same month of another year', () => {
    const january = new Date('2024-01-10T00:00:00Z');
    expect(expirationStatus('2025-01-20T00:00:00Z', january)).toBeNull();
    expect(expirationStatus('2025-02-20T00:00:00Z', january)).toBeNull();
  });

  it('handles the last moment of a month as now', () => {
    const endOfFebruary = new Date('2024-02-29T23:59:59.999Z');
    expect(expirationStatus('2024-03-01T00:00:00Z', endOfFebruary)).toBe('EXPIRE_NEXT_MONTH');
    expect(expirationStatus('2024-03-31T23:59:59Z', endOfFebruary)).toBe('EXPIRE_NEXT_MONTH');
  });

  it('agrees with a month-by-month reference', () => {
    const anyDate = fc.date({
      min: new Date('2000-01-01'),
      max: new Date('2100-01-01'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(anyDate, anyDate, (expiresAt, today) => {
        const status = expirationStatus(expiresAt, today);
        if (expiresAt <= today) {
          expect(status).toBe('EXPIRED');
          return;
        }
        const startOfNextMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1));
        const startOfMonthAfter = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2, 1));
        if (expiresAt < startOfNextMonth) expect(status).toBe('EXPIRE_THIS_MONTH');
        else if (expiresAt < startOfMonthAfter) expect(status).toBe('EXPIRE_NEXT_MONTH');
        else expect(status).toBeNull();
      }),
    );
  });
});

describe('instanceExpirationStatus', () => {
  const now = new Date('2024-03-15T12:00:00Z');
  it('badges only questionnaires still waiting for the participant', () => {
    expect(instanceExpirationStatus('NEW', '2024-03-20', now)).toBe('EXPIRE_THIS_MONTH');
    expect(instanceExpirationStatus('OPENED', '2024-03-01', now)).toBe('EXPIRED');
    for (const status of ['FILLED', 'CALCULATING', 'PREDICTING', 'RESULTS_AVAILABLE', 'PREDICTION_ERROR', 'ERROR', 'CLOSED']) {
      expect(instanceExpirationStatus(status, '2024-03-20', now), status).toBeNull();
    }
  });
});
