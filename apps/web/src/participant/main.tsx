// The participant entry (docs/decisions/0054-participant-entry.md): the pages a client opens from an adviser's
// link, built apart from the evaluator app (participant.html; vite.participant.config.ts runs it on Preact's React
// compatibility layer) with no Mantine, router, query library or i18next, so a phone shows the first question
// fast. The server sends participant.html for these paths (apps/server/src/plugins/spa.ts).
// First: zod without its JIT, whose probe for `new Function` is a CSP violation (lib/zod-config.ts), should a
// module here ever reach zod. Today none does (values come from @bq/domain, contracts as types only): the size
// budget's participant limit keeps it that way (scripts/size-budget.mjs).
import '../lib/zod-config';
import './participant.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { QuestionnairePage } from '../features/questionnaire/pages/QuestionnairePage';
import { participantPage } from './participant-paths';

// Every page but the questionnaire is a lazy chunk, so the questionnaire's first JS does not grow.
const CertificateVerificationPage = lazy(() =>
  import('../features/certificates/participant/CertificateVerificationPage').then((module) => ({
    default: module.CertificateVerificationPage,
  })),
);

const container = document.getElementById('root');
if (!container) throw new Error('participant.html has no #root element');
const page = participantPage(window.location.pathname);
if (!page) {
  // Only the participant paths are sent this page; anything else belongs to the evaluator app.
  window.location.replace('/');
} else {
  createRoot(container).render(
    <StrictMode>
      {page.page === 'questionnaire' ? <QuestionnairePage instanceToken={page.instanceToken} /> : null}
      {page.page === 'certificateVerification' ? (
        <Suspense fallback={null}>
          <CertificateVerificationPage certificateToken={page.certificateToken} />
        </Suspense>
      ) : null}
    </StrictMode>,
  );
}
