// The browser's side of a passkey (docs/decisions/0045): @simplewebauthn/browser turns the server's options into
// navigator.credentials.create()/get() and the answer back into JSON. Loaded on first use, so pages that never touch
// a passkey (the login page until its button is pressed) do not carry it.
import type { TWebAuthnOptions } from '@bq/contracts/passkeys';

const load = () => import('@simplewebauthn/browser');

export async function createPasskeyCredential(options: TWebAuthnOptions) {
  const { startRegistration } = await load();
  return startRegistration({ optionsJSON: options as never });
}

export async function getPasskeyAssertion(options: TWebAuthnOptions) {
  const { startAuthentication } = await load();
  return startAuthentication({ optionsJSON: options as never });
}

/** The user closed the browser's passkey prompt, it timed out, or no passkey fits: not an error worth a red toast. */
export function isPasskeyCancelled(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  const cause = (error as { cause?: { name?: unknown } } | null)?.cause?.name;
  return name === 'NotAllowedError' || name === 'AbortError' || cause === 'NotAllowedError' || cause === 'AbortError';
}
