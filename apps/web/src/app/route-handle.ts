// What a route tells the shell: its page title and its breadcrumb entries (spec section 2: global breadcrumb).
import type { ReactNode } from 'react';
import type { Params } from 'react-router';

export interface Crumb {
  /** Translation key of the entry's label. */
  labelKey: string;
  /** Shown instead of the labelKey's text when set, e.g. a client's name once it is loaded. */
  label?: ReactNode;
  /** Link target; the last entry is the current page and is never a link. */
  to?: string;
}

export interface RouteHandle {
  /** Translation key of the document title of this page. */
  titleKey?: string;
  crumbs?: (params: Params) => Crumb[];
}

export function routeHandleOf(handle: unknown): RouteHandle {
  return handle && typeof handle === 'object' ? (handle as RouteHandle) : {};
}
