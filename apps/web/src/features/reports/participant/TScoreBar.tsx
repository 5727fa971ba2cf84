// A T-score on the 20-80 T scale in plain CSS (the dashboard's TScoreScale draws the same with SVG): the level bands
// shaded as the label reads them (average darker, below and above average lighter), the 95 % band as a bar and the
// score as a mark. One image for assistive technology, named with the numbers.
import { formatNumber } from '@bq/domain/formats';
import type { Locale } from '@bq/domain/locales';
import { useTexts } from '../../../participant/texts';
import { tPosition } from '../../results/dimension-texts';
import { SHADED_LEVEL_BANDS } from './t-score-zones';
import classes from './ReportDocument.module.css';

const TICKS = [20, 30, 40, 50, 60, 70, 80];

export function TScoreBar({ t: score, band, locale }: { t: number; band: { low: number; high: number } | null; locale: Locale }) {
  const { t } = useTexts();
  const number = (value: number) => formatNumber(value, locale, 1);
  const label = band
    ? t('results.dimension.scaleLabel', { t: number(score), low: number(band.low), high: number(band.high) })
    : t('results.dimension.scaleLabelNoBand', { t: number(score) });
  const left = (value: number) => `${tPosition(value)}%`;
  return (
    <div role="img" aria-label={label} className={classes.tscale}>
      <div className={classes.track} aria-hidden>
        {SHADED_LEVEL_BANDS.map((zone) => (
          <span
            key={zone.level}
            className={classes.zone}
            data-level={zone.level}
            style={{ left: left(zone.tFrom), width: `${tPosition(zone.tTo) - tPosition(zone.tFrom)}%` }}
          />
        ))}
        <span className={classes.line} />
        {band ? (
          <span
            className={classes.band}
            style={{ left: left(band.low), width: `${Math.max(0.5, tPosition(band.high) - tPosition(band.low))}%` }}
          />
        ) : null}
        <span className={classes.mark} style={{ left: left(score) }} />
      </div>
      <div aria-hidden>
        {TICKS.map((tick) => (
          <span key={tick} className={classes.tick} style={{ left: left(tick) }}>
            {tick}
          </span>
        ))}
      </div>
    </div>
  );
}
