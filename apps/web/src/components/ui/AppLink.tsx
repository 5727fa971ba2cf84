// The app's internal link: carries the query string over between routes of the same product (spec section 2).
// React Router already replaces instead of pushing when the target is the current URL, so no duplicate entries.
import type { Ref } from 'react';
import { Link, useLocation, type LinkProps } from 'react-router';
import { resolveAppHref } from '../../lib/navigation';

export type AppLinkProps = Omit<LinkProps, 'to'> & { to: string; ref?: Ref<HTMLAnchorElement> };

export function AppLink({ to, ref, ...rest }: AppLinkProps) {
  const location = useLocation();
  return <Link ref={ref} to={resolveAppHref(to, location)} {...rest} />;
}
