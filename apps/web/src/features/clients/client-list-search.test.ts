import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CLIENT_LIST_SEARCH,
  hasClientListFilters,
  parseClientListSearch,
  toClientListQuery,
  writeClientListSearch,
} from './client-list-search';

describe('client list search params', () => {
  it('reads every query value from the URL', () => {
    const search = parseClientListSearch(
      new URLSearchParams(
        'q=%20ber%20&group=ESTABLISHED&source=WEBSITE&status=ALL&interactionStatus=OPENED&reviewDue=true&portfolioAboveProfile=true&sort=name&order=asc&page=3&pageSize=50',
      ),
    );
    expect(search).toEqual({
      q: 'ber',
      group: 'ESTABLISHED',
      source: 'WEBSITE',
      status: 'ALL',
      interactionStatus: 'OPENED',
      reviewDue: 'now',
      portfolioAboveProfile: true,
      sort: 'name',
      order: 'asc',
      page: 3,
      pageSize: 50,
    });
    expect(hasClientListFilters(search)).toBe(true);
  });

  it('falls back to the defaults for missing and invalid values', () => {
    const search = parseClientListSearch(
      new URLSearchParams('group=VIP&source=PHONE&status=gone&interactionStatus=x&sort=age&order=up&page=-1&pageSize=37'),
    );
    expect(search).toEqual(DEFAULT_CLIENT_LIST_SEARCH);
    expect(hasClientListFilters(search)).toBe(false);
    expect(parseClientListSearch(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('writes only what differs from the defaults and keeps unrelated params', () => {
    const params = writeClientListSearch(new URLSearchParams('tab=actions&q=old&page=4'), {
      ...DEFAULT_CLIENT_LIST_SEARCH,
      group: 'PROSPECT',
      order: 'asc',
    });
    expect(params.toString()).toBe('tab=actions&group=PROSPECT&order=asc');
    expect(writeClientListSearch(new URLSearchParams(), { ...DEFAULT_CLIENT_LIST_SEARCH, portfolioAboveProfile: true }).toString()).toBe('portfolioAboveProfile=true');
  });

  it('turns the state into the API query of the product', () => {
    expect(toClientListQuery({ ...DEFAULT_CLIENT_LIST_SEARCH, q: 'anna' }, 'cfg')).toEqual({
      productConfigurationId: 'cfg',
      q: 'anna',
      group: undefined,
      status: 'ACTIVE',
      interactionStatus: undefined,
      reviewDue: undefined,
      portfolioAboveProfile: undefined,
      sort: 'lastActivity',
      order: 'desc',
      page: 1,
      pageSize: 20,
    });
  });

  it('keeps "due now" and "due by the end of this month" apart in the URL and the query; ?reviewDue=true stays "now"', () => {
    const month = { ...DEFAULT_CLIENT_LIST_SEARCH, reviewDue: 'month' as const };
    expect(writeClientListSearch(new URLSearchParams(), month).toString()).toBe('reviewDue=month');
    expect(parseClientListSearch(new URLSearchParams('reviewDue=month')).reviewDue).toBe('month');
    expect(parseClientListSearch(new URLSearchParams('reviewDue=true')).reviewDue).toBe('now');
    expect(parseClientListSearch(new URLSearchParams('reviewDue=soon')).reviewDue).toBeNull();
    expect(toClientListQuery(month, 'cfg').reviewDue).toBe('month');
    expect(toClientListQuery({ ...month, reviewDue: 'now' }, 'cfg').reviewDue).toBe('true');
  });
});
