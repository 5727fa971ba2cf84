// The client list's query state in the URL (?q=&group=&source=&status=&interactionStatus=&reviewDue=&portfolioAboveProfile=&sort=
// &order=&page=&pageSize=),
// so it survives a reload and the shell carries it between routes of the product. Unknown or invalid values fall
// back to the defaults; defaults are left out of the URL.
import { CLIENT_SORTS, INTERACTION_STATUSES } from '@bq/contracts/clients';
import { CLIENT_GROUPS, CLIENT_SOURCES, type ClientGroup, type ClientSource } from '@bq/domain/client-rules';
import type { ReviewDueFilter } from '@bq/domain/yearly-review';
import type { ClientListRequest } from './api/get-clients';

export const CLIENT_STATUS_FILTERS = ['ACTIVE', 'INACTIVE', 'ALL'] as const;
export const PAGE_SIZES = [10, 20, 50] as const;
export const REVIEW_DUE_PARAMS = ['now', 'month'] as const satisfies readonly ReviewDueFilter[];
/** The URL's and the API's spelling of the review filter. */
const REVIEW_DUE_PARAM = { now: 'true', month: 'month' } as const satisfies Record<ReviewDueFilter, string>;

export type ClientSort = (typeof CLIENT_SORTS)[number];
export type InteractionStatus = (typeof INTERACTION_STATUSES)[number];

export interface ClientListSearch {
  q: string;
  group: ClientGroup | null;
  /** WEBSITE: only clients who came through a start link (decision 0092 addendum). */
  source: ClientSource | null;
  status: (typeof CLIENT_STATUS_FILTERS)[number];
  interactionStatus: InteractionStatus | null;
  /** Only clients whose yearly review is due now, or by the end of this month (decision 0093); null: any. */
  reviewDue: ReviewDueFilter | null;
  /** Advisory products: only clients whose current portfolio is riskier than their profile (decision 0091). */
  portfolioAboveProfile: boolean;
  sort: ClientSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: (typeof PAGE_SIZES)[number];
}

export const DEFAULT_CLIENT_LIST_SEARCH: ClientListSearch = {
  q: '',
  group: null,
  source: null,
  status: 'ACTIVE',
  interactionStatus: null,
  reviewDue: null,
  portfolioAboveProfile: false,
  sort: 'lastActivity',
  order: 'desc',
  page: 1,
  pageSize: 20,
};

const KEYS = Object.keys(DEFAULT_CLIENT_LIST_SEARCH) as (keyof ClientListSearch)[];

function oneOf<T extends string | number>(allowed: readonly T[], value: unknown): T | undefined {
  return allowed.find((candidate) => String(candidate) === value);
}

export function parseClientListSearch(params: URLSearchParams): ClientListSearch {
  const d = DEFAULT_CLIENT_LIST_SEARCH;
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    group: oneOf(CLIENT_GROUPS, params.get('group')) ?? d.group,
    source: oneOf(CLIENT_SOURCES, params.get('source')) ?? d.source,
    status: oneOf(CLIENT_STATUS_FILTERS, params.get('status')) ?? d.status,
    interactionStatus: oneOf(INTERACTION_STATUSES, params.get('interactionStatus')) ?? d.interactionStatus,
    // "true" is due now (the filter's first form, kept for links already shared).
    reviewDue: REVIEW_DUE_PARAMS.find((f) => REVIEW_DUE_PARAM[f] === params.get('reviewDue')) ?? d.reviewDue,
    portfolioAboveProfile: params.get('portfolioAboveProfile') === 'true',
    sort: oneOf(CLIENT_SORTS, params.get('sort')) ?? d.sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? d.order,
    page: Number.isInteger(page) && page >= 1 && page <= 100000 ? page : d.page,
    pageSize: oneOf(PAGE_SIZES, params.get('pageSize')) ?? d.pageSize,
  };
}

/** The params with the list's keys replaced by `search` (defaults removed); other params are kept. */
export function writeClientListSearch(params: URLSearchParams, search: ClientListSearch): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of KEYS) {
    const value = search[key];
    if (value === null || value === '' || value === DEFAULT_CLIENT_LIST_SEARCH[key]) next.delete(key);
    else next.set(key, key === 'reviewDue' ? REVIEW_DUE_PARAM[value as ReviewDueFilter] : String(value));
  }
  return next;
}

/** Whether anything narrows the list beyond the default view (active clients, no search). */
export function hasClientListFilters(search: ClientListSearch): boolean {
  return (
    search.q !== '' ||
    search.group !== null ||
    search.source !== null ||
    search.interactionStatus !== null ||
    search.reviewDue !== null ||
    search.portfolioAboveProfile ||
    search.status !== 'ACTIVE'
  );
}

/** The API query of a list view. */
export function toClientListQuery(
  search: ClientListSearch,
  productConfigurationId: string,
): ClientListRequest {
  return {
    productConfigurationId,
    q: search.q || undefined,
    group: search.group ?? undefined,
    source: search.source ?? undefined,
    status: search.status,
    interactionStatus: search.interactionStatus ?? undefined,
    reviewDue: search.reviewDue ? REVIEW_DUE_PARAM[search.reviewDue] : undefined,
    portfolioAboveProfile: search.portfolioAboveProfile ? 'true' : undefined,
    sort: search.sort,
    order: search.order,
    page: search.page,
    pageSize: search.pageSize,
  };
}
