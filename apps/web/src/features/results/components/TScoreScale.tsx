// A T-score on the 20-80 T scale: the level bands shaded as the label reads them (average 42.5-57.5 darker, below
// and above average lighter: stanines 3 and 7), the 95 % band as a bar and the score as a mark. One image for
// assistive technology, named with the numbers; the drawing itself is hidden from it.
import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SCORE_LEVEL_BANDS } from '@bq/contracts/dashboard';
import { useFormat } from '../../../lib/formats';
import { tPosition } from '../dimension-texts';
import classes from './TScoreScale.module.css';

interface TScoreScaleProps {
  t: number;
  band: { low: number; high: number } | null;
}

const TICKS = [20, 30, 40, 50, 60, 70, 80];

export function TScoreScale({ t: score, band }: TScoreScaleProps) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const label = band
    ? t('results.dimension.scaleLabel', {
        t: formatNumber(score, 1),
        low: formatNumber(band.low, 1),
        high: formatNumber(band.high, 1),
      })
    : t('results.dimension.scaleLabelNoBand', { t: formatNumber(score, 1) });
  const bandLeft = band ? tPosition(band.low) : 0;
  const bandRight = band ? tPosition(band.high) : 0;
  // The same bands as the level label: below / above average lighter, average darker.
  const zones = SCORE_LEVEL_BANDS.filter((band) => band.level !== 'LOW' && band.level !== 'HIGH').map((band) => ({
    level: band.level,
    left: tPosition(band.tFrom),
    right: tPosition(band.tTo),
  }));
  return (
    <Box role="img" aria-label={label} className={classes.scale}>
      <svg className={classes.drawing} viewBox="0 0 100 12" preserveAspectRatio="none" aria-hidden>
        {zones.map((zone) => (
          <rect
            key={zone.level}
            data-level={zone.level}
            x={zone.left}
            y={0}
            width={zone.right - zone.left}
            height={12}
            className={zone.level === 'AVERAGE' ? classes.average : classes.near}
          />
        ))}
        <rect x={0} y={4.5} width={100} height={3} className={classes.track} />
        {band ? (
          <rect
            x={bandLeft}
            y={3}
            width={Math.max(0.5, bandRight - bandLeft)}
            height={6}
            className={classes.band}
          />
        ) : null}
        <line x1={tPosition(score)} x2={tPosition(score)} y1={0} y2={12} className={classes.mark} />
      </svg>
      <div className={classes.ticks} aria-hidden>
        {TICKS.map((tick) => (
          <Text
            key={tick}
            span
            size="xs"
            c="dimmed"
            className={classes.tick}
            style={{ left: `${tPosition(tick)}%` }}
          >
            {tick}
          </Text>
        ))}
      </div>
    </Box>
  );
}
