import { describe, expect, it } from 'vitest';
import { SCORE_LEVEL_BANDS } from '@bq/contracts/dashboard';
import { SHADED_LEVEL_BANDS } from './t-score-zones';

describe('the report page\'s T scale zones', () => {
  it('shade exactly the level bands the label reads (all but LOW and HIGH)', () => {
    const shaded = SCORE_LEVEL_BANDS.filter((band) => band.level !== 'LOW' && band.level !== 'HIGH').map(
      ({ level, tFrom, tTo }) => ({ level, tFrom, tTo }),
    );
    expect(SHADED_LEVEL_BANDS).toEqual(shaded);
  });
});
