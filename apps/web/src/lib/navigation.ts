// Navigation rules of spec section 2: moving between routes of the same product carries the query string over,
// and navigating to the URL already shown is ignored (no duplicate history entry).
import { useCallback } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router';
import { isProductType, type ProductType } from '@bq/domain/product-types';

/** The product a path belongs to: /product/{type}/... or /{type}/...; null for other paths. */
export function productOfPath(pathname: string): ProductType | null {
  const [first = '', second = ''] = pathname.split('/').filter(Boolean);
  if (first === 'product') return isProductType(second) ? second : null;
  return isProductType(first) ? first : null;
}

/** The href to go to: the target, plus the current query when both paths belong to the same product. */
export function resolveAppHref(to: string, current: { pathname: string; search: string }): string {
  if (to.includes('?') || to.includes('#') || !current.search) return to;
  const target = productOfPath(to);
  return target !== null && target === productOfPath(current.pathname) ? `${to}${current.search}` : to;
}

export function isCurrentLocation(href: string, current: { pathname: string; search: string }): boolean {
  return href === current.pathname + current.search;
}

/** useNavigate with the two rules above. */
export function useAppNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      const href = resolveAppHref(to, location);
      if (isCurrentLocation(href, location)) return;
      void navigate(href, options);
    },
    [navigate, location],
  );
}
