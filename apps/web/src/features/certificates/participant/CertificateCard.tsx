// The certificate itself, framed: who holds it, for which questionnaire, from which organisation, since when, and
// the strengths it attests (no numbers on a certificate). Its words are the content's REPORT texts in the
// certificate's language, as on the PDF; dates too, whatever language the page around it speaks. A revoked
// certificate is greyed out and stamped with the date.
import type { TCertificateContent } from '@bq/contracts/reports';
import { formatDate } from '@bq/domain/formats';
import { LOCALE_TAGS } from '@bq/domain/locales';
import { documentText } from '../../../lib/document-text';
import classes from './Certificate.module.css';

function Signature({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className={classes.signature}>
      <span className="p-strong" data-testid={testId}>
        {value}
      </span>
      <span className={classes.signatureLabel}>{label}</span>
    </div>
  );
}

export function CertificateCard({ certificate }: { certificate: TCertificateContent }) {
  const date = (value: string) => formatDate(value, certificate.locale);
  const text = (key: string, values?: Record<string, string>) => documentText(certificate.texts, key, values);
  const revoked = certificate.status === 'REVOKED';
  const holder = `${certificate.holder.firstName} ${certificate.holder.lastName}`.trim();
  return (
    <article
      className={classes.frame}
      lang={LOCALE_TAGS[certificate.locale]}
      aria-labelledby="certificate-holder"
      data-testid="certificate-card"
      data-status={certificate.status}
    >
      {revoked ? (
        <p className={classes.stamp} data-testid="certificate-revoked-stamp">
          {text('report.certificate.revoked', { date: date(certificate.revokedAt ?? '') })}
        </p>
      ) : null}
      <div className={classes.body}>
        <span className={classes.seal} aria-hidden="true">
          ★
        </span>
        <p className={classes.heading}>{text('report.certificate.heading')}</p>
        <p>{text('report.certificate.intro')}</p>
        <h1 className={classes.holder} id="certificate-holder" data-testid="certificate-holder">
          {holder}
        </h1>
        <div>
          <p>{text('report.certificate.completed')}</p>
          <p className={classes.interaction} data-testid="certificate-interaction">
            {certificate.interactionName}
          </p>
        </div>
        {certificate.strengths.length > 0 ? (
          <div>
            <p className="p-strong">{text('report.certificate.strengths')}</p>
            <ul className={classes.strengths} data-testid="certificate-strengths">
              {certificate.strengths.map((strength) => (
                <li key={strength}>{strength}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <hr className={classes.rule} />
        <div className={classes.signatures}>
          <Signature label={text('report.certificate.issuedBy')} value={certificate.accountName} testId="certificate-account" />
          <Signature label={text('report.certificate.issuedAt')} value={date(certificate.issuedAt)} testId="certificate-issued" />
          {certificate.completedAt ? (
            <Signature
              label={text('report.certificate.completedAt')}
              value={date(certificate.completedAt)}
              testId="certificate-completed"
            />
          ) : null}
        </div>
      </div>
      {revoked ? <p className={classes.revokedNote}>{text('report.certificate.revokedNote')}</p> : null}
    </article>
  );
}
