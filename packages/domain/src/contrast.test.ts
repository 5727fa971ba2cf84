import { describe, expect, it } from 'vitest';
import { contrastRatio, passesTextContrast } from './contrast';

describe('brand colour contrast', () => {
  it('measures the WCAG ratio: black on white is 21:1, white on white 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
  });

  it('accepts dark brand colours and refuses light ones that fail AA on white', () => {
    expect(passesTextContrast('#1c5bb8')).toBe(true);
    expect(passesTextContrast('#0b6e4f')).toBe(true);
    expect(passesTextContrast('#ffd400')).toBe(false);
    // #777777 is 4.48:1, just under AA.
    expect(passesTextContrast('#777777')).toBe(false);
    expect(passesTextContrast('#767676')).toBe(true);
    expect(passesTextContrast('blue')).toBe(false);
  });
});
