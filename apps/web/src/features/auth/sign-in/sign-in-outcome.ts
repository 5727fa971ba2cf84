// What every way of signing in on the light sign-in page does once the server said yes or no (docs/decisions/0085).
import { safeRedirectPath } from '@bq/domain/safe-redirect';
import { documentNavigation } from '../../../lib/document-navigation';
import { errorText } from '../../../participant/error-text';
import { useTexts } from '../../../participant/texts';

/** Signed in: the evaluator app loads at the server-approved path; the sign-in page leaves the history. */
export function continueSignedIn(redirectUrl: string | undefined): void {
  documentNavigation.replace(safeRedirectPath(redirectUrl));
}

/** A refusal in the reader's words: the errorKey's text (the page loads the sign-in errors), else the general one. */
export function useErrorText(): (error: unknown, fallbackKey?: string) => string {
  const texts = useTexts();
  return (error, fallbackKey) => errorText(texts, error, fallbackKey);
}

/** The path to return to after sign-in, as the address names it (a deep link that needed a session). */
export function redirectUrlOfPage(): string | undefined {
  return new URLSearchParams(window.location.search).get('redirectUrl') ?? undefined;
}
