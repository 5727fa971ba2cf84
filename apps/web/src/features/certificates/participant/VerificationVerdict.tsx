// The answer of a certificate check: a clear verdict first ("Valid certificate" or "Not valid"), then the facts it
// rests on. An unknown link reads like a revoked one ("Not valid"), so a forged link learns nothing more.
import type { ReactNode } from 'react';
import type { TCertificateVerification } from '@bq/contracts/reports';
import { formatDate } from '@bq/domain/formats';
import type { Locale } from '@bq/domain/locales';
import { useTexts } from '../../../participant/texts';
import classes from './CertificateVerification.module.css';

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className={classes.fact}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

function Frame(props: { verdict: string; title: string; text: string; children?: ReactNode }) {
  const valid = props.verdict === 'VALID';
  return (
    <section
      className={`${classes.card} ${valid ? classes.valid : classes.invalid}`}
      data-testid="certificate-verification"
      data-status={props.verdict}
      aria-labelledby="verification-verdict"
    >
      <div className={classes.head}>
        <span className={classes.icon} aria-hidden="true">{valid ? '✓' : '✕'}</span>
        <div>
          <h1 id="verification-verdict" className={classes.title} data-testid="verification-verdict">
            {props.title}
          </h1>
          <p className={classes.text}>{props.text}</p>
        </div>
      </div>
      {props.children}
    </section>
  );
}

/** `verification` null: no certificate behind the link. */
export function VerificationVerdict({ verification, locale }: { verification: TCertificateVerification | null; locale: Locale }) {
  const { t } = useTexts();
  const date = (value: string) => formatDate(value, locale);
  if (!verification)
    return <Frame verdict="NOT_FOUND" title={t('certificateVerification.invalid.title')} text={t('certificateVerification.notFound.text')} />;
  const certificate = <Fact label={t('certificateVerification.certificate')} value={verification.interactionName} testId="verification-interaction" />;
  const issuer = <Fact label={t('certificateVerification.issuer')} value={verification.accountName} testId="verification-issuer" />;
  if (verification.status === 'VALID')
    return (
      <Frame verdict="VALID" title={t('certificateVerification.valid.title')} text={t('certificateVerification.valid.text')}>
        <dl className={classes.facts}>
          <Fact label={t('certificateVerification.holder')} value={verification.holderName ?? ''} testId="verification-holder" />
          {certificate}
          {issuer}
          <Fact label={t('certificateVerification.validSince')} value={date(verification.issuedAt)} testId="verification-since" />
        </dl>
      </Frame>
    );
  const revokedAt = verification.revokedAt;
  return (
    <Frame
      verdict="REVOKED"
      title={t('certificateVerification.invalid.title')}
      text={revokedAt ? t('certificateVerification.revoked.text', { date: date(revokedAt) }) : t('certificateVerification.revoked.textNoDate')}
    >
      <dl className={classes.facts}>
        {certificate}
        {issuer}
        {revokedAt ? <Fact label={t('certificateVerification.revokedOn')} value={date(revokedAt)} testId="verification-revoked-at" /> : null}
      </dl>
    </Frame>
  );
}
