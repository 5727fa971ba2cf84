// /login/google: where Google sends the browser back with the code (authorization code flow); the API checks the
// state against its cookie and names the path to continue to.
import { SignInCallback } from '../components/SignInCallback';
import { useSignInWithGoogle } from '../api/sign-in-with-google';

const TEXTS = { title: 'googleCallback.title', working: 'googleCallback.working', backToLogin: 'googleCallback.backToLogin' };

export function GoogleCallbackPage() {
  const signIn = useSignInWithGoogle();
  return <SignInCallback texts={TEXTS} errorTestId="google-callback-error" finish={signIn.mutateAsync} />;
}
