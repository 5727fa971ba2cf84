import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPARISON_MAX_CLIENTS } from '@bq/contracts/comparison';
import {
  addToComparison,
  clearComparison,
  getComparison,
  removeFromComparison,
  selectClient,
  swapToFirst,
  unselectClient,
} from './comparison-store';

const P = 'BQ_RISK';
afterEach(() => clearComparison(P));

describe('comparison store', () => {
  it('appends new tokens, replaces the same token in place and keeps the list in sessionStorage', () => {
    expect(addToComparison(P, { token: 'a', name: 'Anna Roth' })).toBe('added');
    expect(addToComparison(P, { token: 'b', name: 'Ben Roth' })).toBe('added');
    expect(addToComparison(P, { token: 'a', name: 'Anna Roth-Berg' })).toBe('replaced');
    expect(getComparison(P).clients).toEqual([
      { token: 'a', name: 'Anna Roth-Berg' },
      { token: 'b', name: 'Ben Roth' },
    ]);
    expect(getComparison(P).selected).toEqual(['Anna Roth-Berg', 'Ben Roth']);
    expect(JSON.parse(sessionStorage.getItem('bq.comparison.BQ_RISK')!).clients).toHaveLength(2);
    expect(getComparison('BQ_SELECTION').clients).toEqual([]);
  });

  it('refuses a client beyond the maximum', () => {
    for (let i = 0; i < COMPARISON_MAX_CLIENTS; i++)
      expect(addToComparison(P, { token: `t${i}`, name: `N${i}` })).toBe('added');
    expect(addToComparison(P, { token: 'extra', name: 'Extra' })).toBe('full');
    expect(getComparison(P).clients).toHaveLength(COMPARISON_MAX_CLIENTS);
  });

  it('swaps a client to first place, keeping the others in order', () => {
    for (const t of ['a', 'b', 'c']) addToComparison(P, { token: t, name: t });
    swapToFirst(P, 'c');
    expect(getComparison(P).clients.map((c) => c.token)).toEqual(['c', 'a', 'b']);
    removeFromComparison(P, 'a');
    expect(getComparison(P).clients.map((c) => c.token)).toEqual(['c', 'b']);
    expect(getComparison(P).selected).toEqual(['b', 'c']);
  });

  it("selects and unselects by name and logs 'Unable to unselect client' when nothing matches", () => {
    addToComparison(P, { token: 'a', name: 'Anna Roth' });
    unselectClient(P, 'Anna Roth');
    expect(getComparison(P).selected).toEqual([]);
    selectClient(P, 'Anna Roth');
    expect(getComparison(P).selected).toEqual(['Anna Roth']);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    unselectClient(P, 'Nobody');
    expect(warn).toHaveBeenCalledWith('Unable to unselect client', 'Nobody');
    warn.mockRestore();
  });
});
