// /bqp/certificate/:interactionInstanceToken in the participant entry (docs/decisions/0054-participant-entry.md,
// addendum): the certificate of a BQP result, public (the holder shares it), in the firm's frame. One language for
// the page and the card: the visitor's browser language until they pick another. Below the card the verification
// link (or the revocation notice); a signed-in evaluator of the result finds the way back to it at the top, and the
// issuing account's evaluator the revocation. Plain elements and CSS, a lazy chunk: the questionnaire's first JS
// stays as it was.
import { useEffect, useState } from 'react';
import type { TCertificateContent } from '@bq/contracts/reports';
import { resolveLocale, type Locale } from '@bq/domain/locales';
import { ParticipantBrand } from '../../branding/components/ParticipantBrand';
import { addTextPrefixes, useTexts } from '../../../participant/texts';
import { useQuestionnaireLocale } from '../../questionnaire/use-questionnaire-locale';
import { fetchCertificate } from '../api/get-certificate';
import { CertificateCard } from './CertificateCard';
import { CertificateRevokedNotice, CertificateUnavailable } from './CertificateNotices';
import { CertificateToolbar } from './CertificateToolbar';
import { RevokeCertificateSection } from './RevokeCertificateSection';
import { VerificationLink } from './VerificationLink';
import classes from './Certificate.module.css';

// This page's texts, loaded with the common ones (participant/texts.ts): its own, the download's progress, the
// expired-link notice, "Cancel" and "Back to the result", its title and the one error text it names.
addTextPrefixes(
  'certificates.',
  'download.',
  'reports.linkExpired.',
  'common.',
  'page.bqpCertificate.title',
  'ERROR_CERTIFICATE_NOT_AVAILABLE',
);

/** The shown certificate stays on screen while another language loads (`loading`), so the page does not jump. */
interface Shown {
  certificate: TCertificateContent | null;
  error: unknown;
  loading: boolean;
}

function Skeleton({ label }: { label: string }) {
  return (
    <div className="p-card p-stack" style={{ alignItems: 'center' }} role="status" aria-label={label} data-testid="certificate-loading">
      <div className="p-skeleton" style={{ height: 44, width: 44, borderRadius: '50%' }} />
      <div className="p-skeleton" style={{ height: 16, width: '30%' }} />
      <div className="p-skeleton" style={{ height: 36, width: '60%' }} />
      <div className="p-skeleton" style={{ height: 18, width: '50%' }} />
      <div className="p-skeleton" style={{ height: 60, width: '40%' }} />
    </div>
  );
}

export function CertificatePage({ instanceToken }: { instanceToken: string }) {
  const [locale, setLocale] = useState<Locale>(() =>
    resolveLocale({ query: null, stored: null, browserLanguage: navigator.language }),
  );
  useQuestionnaireLocale(locale);
  const { t, locale: textLocale } = useTexts();
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState<Shown>({ certificate: null, error: null, loading: true });
  const [revokedNow, setRevokedNow] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setShown((current) => ({ ...current, loading: true }));
    fetchCertificate(instanceToken, locale, controller.signal).then(
      (certificate) => setShown({ certificate, error: null, loading: false }),
      (error: unknown) => {
        if (!controller.signal.aborted) setShown({ certificate: null, error, loading: false });
      },
    );
    return () => controller.abort();
  }, [instanceToken, locale, attempt]);

  useEffect(() => {
    if (textLocale) document.title = t('page.bqpCertificate.title');
  }, [textLocale, t]);

  const data = shown.certificate;
  let content;
  if (!textLocale || (!data && shown.loading)) {
    content = <Skeleton label={t('certificates.loading')} />;
  } else if (!data) {
    content = <CertificateUnavailable error={shown.error} onRetry={() => setAttempt((n) => n + 1)} />;
  } else {
    content = (
      <div className="p-stack" data-testid="certificate-page">
        {data.dashboardPath ? (
          // A full page load: the result's dashboard belongs to the evaluator app.
          <a className={classes.back} href={data.dashboardPath} data-testid="certificate-back-to-result">
            {t('common.backToResult')}
          </a>
        ) : null}
        <CertificateToolbar token={instanceToken} locale={locale} onLocaleChange={setLocale} fileName={data.fileName} />
        <div aria-busy={shown.loading} className={shown.loading ? classes.busy : undefined}>
          <CertificateCard certificate={data} />
        </div>
        {data.status === 'REVOKED' ? (
          <CertificateRevokedNotice revokedAt={data.revokedAt} locale={textLocale} />
        ) : (
          <VerificationLink url={data.verificationUrl} />
        )}
        {data.canManage && data.status === 'VALID' ? (
          <RevokeCertificateSection
            token={instanceToken}
            locale={data.locale}
            holderName={`${data.holder.firstName} ${data.holder.lastName}`.trim()}
            onRevoked={(revoked) => {
              setShown({ certificate: revoked, error: null, loading: false });
              setRevokedNow(true);
            }}
          />
        ) : null}
        {/* Always in the DOM once the certificate shows, so the revocation's success is announced. */}
        <p className={classes.status} role="status" data-testid="certificate-revoke-success">
          {revokedNow ? t('certificates.revoke.success') : ''}
        </p>
      </div>
    );
  }
  return (
    <ParticipantBrand token={instanceToken} poweredByLabel={t('branding.poweredBy')}>
      <main className="p-main">{content}</main>
    </ParticipantBrand>
  );
}
