// What the page says instead of, or beside, a certificate: why none can be shown (by the content call's error:
// unknown link 404, no certificate for this result 409, result not unlocked 402, public link expired 410, anything
// else with a retry), and that a shown one is revoked.
import { formatDate } from '@bq/domain/formats';
import type { Locale } from '@bq/domain/locales';
import { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../participant/texts';
import classes from './Certificate.module.css';

function Notice({ testId, title, text, mild }: { testId: string; title: string; text: string; mild?: boolean }) {
  return (
    <section className={`p-card p-stack-sm ${classes.notice} ${mild ? classes.mild : ''}`} data-testid={testId}>
      <h1>{title}</h1>
      <p>{text}</p>
    </section>
  );
}

export function CertificateUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTexts();
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 404)
    return <Notice testId="certificate-not-found" title={t('certificates.notFound.title')} text={t('certificates.notFound.text')} />;
  if (status === 409)
    return (
      <Notice
        testId="certificate-not-available"
        title={t('certificates.notAvailable.title')}
        text={t('ERROR_CERTIFICATE_NOT_AVAILABLE')}
        mild
      />
    );
  if (status === 410)
    return <Notice testId="certificate-link-expired" title={t('reports.linkExpired.title')} text={t('reports.linkExpired.text')} />;
  if (status === 402)
    return <Notice testId="certificate-locked" title={t('certificates.locked.title')} text={t('certificates.locked.text')} mild />;
  return (
    <section className={`p-card p-stack-sm ${classes.notice}`} role="alert" data-testid="certificate-error">
      <h1>{t('certificates.loadFailed.title')}</h1>
      <p>{t('certificates.loadFailed.text')}</p>
      <div>
        <button type="button" className="p-button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    </section>
  );
}

/** Said plainly beside a revoked certificate: since when, and that checking it now says "not valid". */
export function CertificateRevokedNotice({ revokedAt, locale }: { revokedAt: string | null; locale: Locale }) {
  const { t } = useTexts();
  return (
    <section className={`p-card p-stack-sm ${classes.notice}`} aria-labelledby="certificate-revoked-title" data-testid="certificate-revoked">
      <h2 id="certificate-revoked-title">{t('certificates.revoked.title')}</h2>
      <p>
        {revokedAt
          ? t('certificates.revoked.text', { date: formatDate(revokedAt, locale) })
          : t('certificates.revoked.textNoDate')}
      </p>
    </section>
  );
}
