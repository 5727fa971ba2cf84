import { describe, it, expect } from 'vitest';
import { TEXT_TYPES } from './text-types';

describe('TEXT_TYPES', () => {
  it('lists the nine distinct text types of spec section 3', () => {
    expect(TEXT_TYPES).toHaveLength(9);
    expect(new Set(TEXT_TYPES).size).toBe(9);
    expect(TEXT_TYPES).toContain('ERROR');
    expect(TEXT_TYPES).toContain('BQUI');
  });
});
