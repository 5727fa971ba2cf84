// The certificate's public verification link, to hand on to whoever should check it (an employer): copy it (the
// button says "Copied" for a moment; the outcome is announced politely), or open the check to see what they see.
import { useEffect, useRef, useState } from 'react';
import { copyToClipboard } from '../../../lib/clipboard';
import { useTexts } from '../../../participant/texts';
import classes from './Certificate.module.css';

const FEEDBACK_MS = 2500;

export function VerificationLink({ url }: { url: string }) {
  const { t } = useTexts();
  const field = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => setState((await copyToClipboard(url, field.current)) ? 'copied' : 'failed');
  return (
    <section className="p-card p-stack-sm" aria-labelledby="certificate-verification-title">
      <h2 id="certificate-verification-title">{t('certificates.verificationLink.title')}</h2>
      <p className="p-dimmed p-small">{t('certificates.verificationLink.text')}</p>
      <div className={classes.linkRow}>
        <label className={classes.field}>
          {t('certificates.verificationLink.label')}
          <input
            ref={field}
            className={classes.input}
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            data-testid="certificate-verification-link"
          />
        </label>
        <button type="button" className="p-button" onClick={() => void copy()} data-testid="certificate-copy-link">
          {state === 'copied' ? t('certificates.verificationLink.copied') : t('certificates.verificationLink.copy')}
        </button>
        <a
          className="p-button p-button-default"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="certificate-open-link"
        >
          {t('certificates.verificationLink.open')}
        </a>
      </div>
      {/* Always in the DOM, so screen readers announce the change of its text. */}
      <p className={classes.status} data-state={state === 'failed' ? 'error' : state} aria-live="polite" data-testid="certificate-copy-status">
        {state === 'copied'
          ? t('certificates.verificationLink.copiedAnnouncement')
          : state === 'failed'
            ? t('certificates.verificationLink.copyFailed')
            : ''}
      </p>
    </section>
  );
}
