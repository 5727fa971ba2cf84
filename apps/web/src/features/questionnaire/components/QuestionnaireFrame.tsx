// The participant's page frame: a plain header with the product mark and a narrow column for reading. It has no
// language picker (the questionnaire speaks the client's language) and no link to the sign-in pages. A branding
// wrapper can go around it (colours are the custom properties of participant.css).
import type { ReactNode } from 'react';
import { useTexts } from '../../../participant/texts';

export function QuestionnaireFrame({ children }: { children: ReactNode }) {
  const { t, locale } = useTexts();
  return (
    <>
      <header className="p-header">
        <div className="p-header-inner">
          <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="7" fill="var(--p-primary-dark)" />
            <path
              d="M9 8h7.5a4.5 4.5 0 0 1 2.9 7.9A4.8 4.8 0 0 1 17 24H9zm3 3v4h4.3a2 2 0 0 0 0-4zm0 7v3h4.8a1.5 1.5 0 0 0 0-3z"
              fill="#fff"
            />
          </svg>
          <span>{locale ? t('app.name') : ''}</span>
        </div>
      </header>
      <main className="p-main">{children}</main>
    </>
  );
}
