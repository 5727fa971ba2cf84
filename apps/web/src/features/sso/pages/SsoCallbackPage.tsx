// /login/sso: where the account's identity provider sends the browser back (the redirect URI to register there); the
// API checks the answer against the bq_sso cookie. A SAML provider posts to the ACS instead, which sends the browser
// here only with its verdict: ?samlError=<errorKey> or ?secondFactor=1 (docs/decisions/0050).
import { ApiError } from '../../../lib/api-client';
import { SignInCallback, type CallbackVerdict } from '../../auth/components/SignInCallback';
import { useFinishSsoSignIn } from '../api/sso-sign-in';

const TEXTS = { title: 'sso.callback.title', working: 'sso.callback.working', backToLogin: 'sso.callback.backToLogin' };

function samlVerdict(params: URLSearchParams): CallbackVerdict {
  const samlError = params.get('samlError');
  if (samlError) return { problem: new ApiError(401, { errorKey: samlError, message: samlError }) };
  return params.get('secondFactor') === '1' ? { secondFactor: true } : null;
}

export function SsoCallbackPage() {
  const finish = useFinishSsoSignIn();
  return <SignInCallback texts={TEXTS} errorTestId="sso-callback-error" finish={finish.mutateAsync} verdict={samlVerdict} />;
}
