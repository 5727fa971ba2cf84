// For the issuing account's evaluator only (the content's canManage): revoking the certificate, after a confirmation
// in place (no modal library here), because it cannot be undone and the verification page then answers "not valid"
// to everyone who checks. The answer is the revoked certificate in the shown language; the page shows it.
import { useEffect, useRef, useState } from 'react';
import type { TCertificateContent } from '@bq/contracts/reports';
import type { Locale } from '@bq/domain/locales';
import { ApiError, loginPathFor } from '../../../lib/api-client';
import { errorText } from '../../../participant/error-text';
import { useTexts } from '../../../participant/texts';
import { revokeCertificate } from '../api/revoke-certificate';
import classes from './Certificate.module.css';

interface RevokeCertificateSectionProps {
  token: string;
  /** The language the certificate is shown in; the answer replaces it. */
  locale: Locale;
  holderName: string;
  onRevoked: (revoked: TCertificateContent) => void;
}

type Step = { step: 'idle' | 'confirming' | 'sending' } | { step: 'failed'; error: unknown };

function RevokeError({ error }: { error: unknown }) {
  const texts = useTexts();
  const { t } = texts;
  // An ended session cannot revoke; the page is public, so nothing sent the evaluator to the login page.
  if (error instanceof ApiError && error.status === 401) {
    const here = window.location.pathname + window.location.search;
    return (
      <div className="p-alert" role="alert" data-testid="certificate-revoke-error">
        <p>{t('certificates.revoke.signedOut')}</p>
        <a href={loginPathFor(here)}>{t('certificates.revoke.signIn')}</a>
      </div>
    );
  }
  return (
    <p className="p-alert" role="alert" data-testid="certificate-revoke-error">
      {errorText(texts, error, 'certificates.revoke.failed')}
    </p>
  );
}

export function RevokeCertificateSection({ token, locale, holderName, onRevoked }: RevokeCertificateSectionProps) {
  const { t } = useTexts();
  const [state, setState] = useState<Step>({ step: 'idle' });
  const confirmTitle = useRef<HTMLHeadingElement>(null);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const confirming = state.step === 'confirming' || state.step === 'sending';

  // Focus follows the question, and back to the button when it is answered "cancel".
  useEffect(() => {
    if (state.step === 'confirming') confirmTitle.current?.focus();
  }, [state.step]);

  const cancel = () => {
    setState({ step: 'idle' });
    window.setTimeout(() => revokeButton.current?.focus());
  };
  const confirm = async () => {
    setState({ step: 'sending' });
    try {
      onRevoked(await revokeCertificate(token, locale));
    } catch (error) {
      setState({ step: 'failed', error });
    }
  };

  return (
    <section className={`p-card p-stack-sm ${classes.danger}`} aria-labelledby="certificate-revoke-title">
      <h2 id="certificate-revoke-title" className={classes.dangerTitle}>
        {t('certificates.revoke.title')}
      </h2>
      <p className="p-dimmed p-small">{t('certificates.revoke.lead')}</p>
      {confirming ? (
        <div className="p-stack-sm" role="group" aria-labelledby="certificate-revoke-confirm-title" data-testid="certificate-revoke-confirmation">
          <h3 id="certificate-revoke-confirm-title" ref={confirmTitle} tabIndex={-1}>
            {t('certificates.revoke.confirmTitle')}
          </h3>
          <p>{t('certificates.revoke.confirmText', { name: holderName })}</p>
          <div className="p-row">
            <button type="button" className="p-button p-button-default" onClick={cancel} disabled={state.step === 'sending'} data-testid="certificate-revoke-cancel">
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className={`p-button ${classes.dangerButton}`}
              onClick={() => void confirm()}
              disabled={state.step === 'sending'}
              aria-busy={state.step === 'sending'}
              data-testid="certificate-revoke-confirm"
            >
              {t('certificates.revoke.confirm')}
            </button>
          </div>
        </div>
      ) : (
        <div>
          <button
            ref={revokeButton}
            type="button"
            className={`p-button ${classes.dangerOutline}`}
            onClick={() => setState({ step: 'confirming' })}
            data-testid="certificate-revoke-button"
          >
            {t('certificates.revoke.button')}
          </button>
        </div>
      )}
      {state.step === 'failed' ? <RevokeError error={state.error} /> : null}
    </section>
  );
}
