// What follows from the profile, in the order the server ranks it: a numbered list of titled recommendations.
import type { TReportPageContent } from '@bq/contracts/reports';
import { documentText, type DocumentTexts } from '../../../lib/document-text';
import classes from './ReportDocument.module.css';

interface ReportRecommendationsProps {
  items: TReportPageContent['recommendations'];
  texts: DocumentTexts;
}

export function ReportRecommendations({ items, texts }: ReportRecommendationsProps) {
  return (
    <section className={classes.section} aria-labelledby="report-recommendations-title">
      <h2 id="report-recommendations-title">{documentText(texts, 'report.section.recommendations')}</h2>
      {items.length > 0 ? (
        <ol className={`${classes.list} ${classes.recommendations}`} data-testid="report-recommendations">
          {items.map((item) => (
            <li key={item.key} data-key={item.key}>
              <p className={classes.strong}>{item.title}</p>
              <p className={classes.small}>{item.text}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p data-testid="report-recommendations">{documentText(texts, 'report.noRecommendations')}</p>
      )}
    </section>
  );
}
