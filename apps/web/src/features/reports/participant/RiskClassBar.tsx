// The risk class on the product's own 1-7 scale of seven boxes (as the dashboard's RiskClassScale draws it): lower
// risk on the left, higher on the right. One image for assistive technology, named with the class.
import { useTexts } from '../../../participant/texts';
import classes from './ReportDocument.module.css';

const CLASSES = [1, 2, 3, 4, 5, 6, 7];

export function RiskClassBar({ riskClass }: { riskClass: number }) {
  const { t } = useTexts();
  return (
    <div className={classes.section} style={{ gap: 6 }}>
      <div
        role="img"
        aria-label={t('results.risk.classLabel', { class: riskClass })}
        className={classes.scale}
        data-testid="risk-class"
        data-class={riskClass}
      >
        {CLASSES.map((value) => (
          <span key={value} className={classes.step} data-active={value === riskClass || undefined} aria-hidden>
            {value}
          </span>
        ))}
      </div>
      <div className={`${classes.ends} ${classes.tiny} ${classes.dimmed}`} aria-hidden>
        <span>{t('results.risk.scaleLow')}</span>
        <span>{t('results.risk.scaleHigh')}</span>
      </div>
    </div>
  );
}
