// Loads another page as a document (the sign-in page is an entry of its own: docs/decisions/0085). One object, so a
// test can watch where a page sends the browser (jsdom does not navigate).
export const documentNavigation = {
  /** Goes to `url`, the current page leaving the history (after a sign-in or a provider's answer). */
  replace: (url: string): void => window.location.replace(url),
  /** Goes to `url` as a new history entry. */
  assign: (url: string): void => window.location.assign(url),
};
