// Which clients of the list are chosen for a bulk send: ticked rows (kept across pages), or "everyone matching the
// filter", which is sent as the filter itself. A new filter starts a new selection: ticks made under another filter
// would otherwise be sent along unseen.
import { useState } from 'react';

export interface ClientSelection {
  isSelected(token: string): boolean;
  toggle(token: string, on: boolean): void;
  /** Ticks or unticks every client of the page. */
  setPage(tokens: string[], on: boolean): void;
  /** Everyone matching the filter, on every page. */
  allMatching: boolean;
  selectAllMatching(): void;
  clear(): void;
  tokens: string[];
  /** Nothing chosen. */
  empty: boolean;
}

interface State {
  filterKey: string;
  tokens: ReadonlySet<string>;
  allMatching: boolean;
}

export function useClientSelection(filterKey: string): ClientSelection {
  const [stored, setState] = useState<State>({ filterKey, tokens: new Set(), allMatching: false });
  const state: State = stored.filterKey === filterKey ? stored : { filterKey, tokens: new Set(), allMatching: false };
  const update = (change: (tokens: Set<string>) => void) =>
    setState(() => {
      const tokens = new Set(state.tokens);
      change(tokens);
      return { filterKey, tokens, allMatching: false };
    });
  return {
    isSelected: (token) => state.allMatching || state.tokens.has(token),
    toggle: (token, on) => update((tokens) => (on ? tokens.add(token) : tokens.delete(token))),
    setPage: (pageTokens, on) => update((tokens) => pageTokens.forEach((token) => (on ? tokens.add(token) : tokens.delete(token)))),
    allMatching: state.allMatching,
    selectAllMatching: () => setState({ filterKey, tokens: new Set(), allMatching: true }),
    clear: () => setState({ filterKey, tokens: new Set(), allMatching: false }),
    tokens: [...state.tokens],
    empty: !state.allMatching && state.tokens.size === 0,
  };
}
