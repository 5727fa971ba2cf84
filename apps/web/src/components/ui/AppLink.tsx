// The app's internal link: carries the query string over between routes of the same product (spec section 2); a
// participant entry's page is loaded by the browser.
// React Router already replaces instead of pushing when the target is the current URL, so no duplicate entries.
import type { Ref } from 'react';
import { Link, useLocation, type LinkProps } from 'react-router';
import { resolveAppHref } from '../../lib/navigation';
import { participantPage } from '../../participant/participant-paths';

export type AppLinkProps = Omit<LinkProps, 'to'> & { to: string; ref?: Ref<HTMLAnchorElement> };

export function AppLink({ to, ref, ...rest }: AppLinkProps) {
  const location = useLocation();
  const href = resolveAppHref(to, location);
  // The participant entry's pages (the public report, the questionnaire, the certificate check) are another HTML page
  // (docs/decisions/0054): the browser loads them, the app's router does not know them.
  const otherPage = participantPage(href.split(/[?#]/)[0] ?? '') !== null;
  return <Link ref={ref} to={href} {...rest} reloadDocument={otherPage || rest.reloadDocument} />;
}
