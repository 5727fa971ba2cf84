// /verify/certificate/:certificateToken in the participant entry (docs/decisions/0054-participant-entry.md, addendum):
// the public check of a certificate for a third party (e.g. an employer), in the visitor's browser language, in the
// firm's frame. Plain elements and CSS, one GET, a lazy chunk: the questionnaire's first JS stays as it was.
import { useEffect, useState } from 'react';
import type { TCertificateVerification } from '@bq/contracts/reports';
import { resolveLocale } from '@bq/domain/locales';
import { ApiError } from '../../../lib/api-client';
import { useQuestionnaireLocale } from '../../questionnaire/use-questionnaire-locale';
import { ParticipantBrand } from '../../branding/components/ParticipantBrand';
import { addTextPrefixes, useTexts } from '../../../participant/texts';
import { fetchCertificateVerification } from '../api/get-certificate-verification';
import { VerificationVerdict } from './VerificationVerdict';
import classes from './CertificateVerification.module.css';

addTextPrefixes('certificateVerification.', 'page.certificateVerification.title');

type Check =
  | { state: 'loading' }
  | { state: 'done'; verification: TCertificateVerification }
  | { state: 'notFound' }
  | { state: 'failed' };

export function CertificateVerificationPage({ certificateToken }: { certificateToken: string }) {
  const [locale] = useState(() => resolveLocale({ query: null, stored: null, browserLanguage: navigator.language }));
  const ready = useQuestionnaireLocale(locale);
  const { t } = useTexts();
  const [attempt, setAttempt] = useState(0);
  const [check, setCheck] = useState<Check>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setCheck({ state: 'loading' });
    fetchCertificateVerification(certificateToken, locale, controller.signal).then(
      (verification) => setCheck({ state: 'done', verification }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setCheck(error instanceof ApiError && error.status === 404 ? { state: 'notFound' } : { state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [certificateToken, locale, attempt]);

  useEffect(() => {
    if (ready) document.title = t('page.certificateVerification.title');
  }, [ready, t]);

  let content;
  if (!ready || check.state === 'loading') {
    content = (
      <div className={classes.card} role="status" aria-label={t('certificateVerification.loading')} data-testid="verification-loading">
        <div className={classes.skeleton} style={{ height: 40, width: '60%' }} />
        <div className={classes.skeleton} style={{ height: 16, width: '80%' }} />
        <div className={classes.skeleton} style={{ height: 90 }} />
      </div>
    );
  } else if (check.state === 'failed') {
    content = (
      <div className={classes.card} role="alert" data-testid="verification-error">
        <h1 className={classes.title}>{t('certificateVerification.loadFailed.title')}</h1>
        <p className={classes.text}>{t('certificateVerification.loadFailed.text')}</p>
        <button type="button" className={classes.button} onClick={() => setAttempt((n) => n + 1)}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else {
    content = <VerificationVerdict verification={check.state === 'done' ? check.verification : null} locale={locale} />;
  }
  return (
    <ParticipantBrand token={certificateToken} poweredByLabel={t('branding.poweredBy')}>
      <main className={classes.page}>{content}</main>
    </ParticipantBrand>
  );
}
