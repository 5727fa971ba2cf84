// The participant entry (docs/decisions/0054-participant-entry.md): the pages a client opens from an adviser's
// link (questionnaire, public report; and a certificate's check), built apart from the evaluator app
// (participant.html; vite.participant.config.ts runs it on Preact's React compatibility layer) with no Mantine,
// router, query library or i18next, so a phone shows the first question fast. The server sends participant.html for these paths (apps/server/src/plugins/spa.ts).
// First: zod without its JIT, whose probe for `new Function` is a CSP violation (lib/zod-config.ts), should a
// module here ever reach zod. Today none does (values come from @bq/domain, contracts as types only): the size
// budget's participant limit keeps it that way (scripts/size-budget.mjs).
import '../lib/zod-config';
import './participant.css';
import { StrictMode, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { QuestionnairePage } from '../features/questionnaire/pages/QuestionnairePage';
import { participantPage } from './participant-paths';

const container = document.getElementById('root');
if (!container) throw new Error('participant.html has no #root element');
const page = participantPage(window.location.pathname);
if (!page) {
  // Only the participant paths are sent this page; anything else belongs to the evaluator app.
  window.location.replace('/');
} else if (page.page === 'questionnaire') {
  createRoot(container).render(
    <StrictMode>
      <QuestionnairePage instanceToken={page.instanceToken} />
    </StrictMode>,
  );
} else {
  // Every other page is a chunk of its own, loaded by a plain import (React.lazy and Suspense would add about 1 KB
  // to the questionnaire's first JS), so the questionnaire's first JS does not grow.
  const render = (element: ReactElement) => createRoot(container).render(<StrictMode>{element}</StrictMode>);
  if (page.page === 'certificateVerification')
    void import('../features/certificates/participant/CertificateVerificationPage').then(({ CertificateVerificationPage }) =>
      render(<CertificateVerificationPage certificateToken={page.certificateToken} />),
    );
  else if (page.page === 'reportDownload')
    void import('../features/reports/participant/ReportDownloadPage').then(({ ReportDownloadPage }) =>
      render(<ReportDownloadPage reportDownloadToken={page.reportDownloadToken} />),
    );
  else if (page.page === 'report')
    void import('../features/reports/participant/ReportPage').then(({ ReportPage }) =>
      render(<ReportPage reportType={page.reportType} token={page.instanceToken} />),
    );
  else if (page.page === 'certificate')
    void import('../features/certificates/participant/CertificatePage').then(({ CertificatePage }) =>
      render(<CertificatePage instanceToken={page.instanceToken} />),
    );
  else
    void import('../features/signup/participant/DemoPasswordSetPage').then(({ DemoPasswordSetPage }) =>
      render(<DemoPasswordSetPage instanceToken={page.instanceToken} />),
    );
}
