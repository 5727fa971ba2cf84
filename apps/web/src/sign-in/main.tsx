// The sign-in page's own light entry (signin.html, built with the participant entry on Preact's React compatibility
// layer: docs/decisions/0085). The server sends it for /login; the evaluator app (Mantine, router, query library,
// i18next: about 187 KB of gzipped JS) loads only after sign-in. Its texts and the public system config are asked for
// at once, side by side, and the page renders when both are there, so nothing moves in after the first paint.
import '../participant/participant.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { TSystemConfig } from '@bq/contracts/system';
import { SignInPage } from '../features/auth/sign-in/SignInPage';
import { fetchSystemConfig } from '../features/auth/sign-in/sign-in-api';
import { initialSignInLocale } from '../features/auth/sign-in/sign-in-locale';
import { loadLocaleTexts, setTextPrefixes, showTextKeys } from '../participant/texts';

setTextPrefixes([
  'login.',
  'sso.login.',
  'validation.required',
  'validation.email',
  'passkeys.cancelled',
  'app.name',
  'app.version',
  'page.login.title',
  'language.picker.label',
  // The refusals a sign-in can meet, so they are worded without another round trip.
  'ERROR_AUTH_',
  'ERROR_TWO_FACTOR_',
  'ERROR_PASSKEY_',
  'ERROR_SSO_',
  'ERROR_GOOGLE_',
  'ERROR_RATE_LIMITED',
  'ERROR_NETWORK',
  'ERROR_GENERAL',
  'ERROR_VALIDATION_TOTP_CODE',
  'ERROR_VALIDATION_RECOVERY_CODE',
]);

// The translators' hidden shortcuts (spec section 2), as in the app: Meta+Ctrl+Alt + C (keys), G (German), E (English).
window.addEventListener('keydown', (event) => {
  if (!(event.metaKey && event.ctrlKey && event.altKey)) return;
  const action = { KeyC: showTextKeys, KeyG: () => void loadLocaleTexts('DE_DE'), KeyE: () => void loadLocaleTexts('EN_US') }[event.code];
  if (!action) return;
  event.preventDefault();
  action();
});

const container = document.getElementById('root');
if (!container) throw new Error('signin.html has no #root element');
const config = fetchSystemConfig().catch((): TSystemConfig | null => null);
void Promise.all([loadLocaleTexts(initialSignInLocale()), config]).then(([, systemConfig]) =>
  createRoot(container).render(
    <StrictMode>
      <SignInPage config={systemConfig} />
    </StrictMode>,
  ),
);
