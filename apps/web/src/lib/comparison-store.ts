// The clients chosen for a comparison, per product, kept in sessionStorage so the list survives navigation (and a
// reload) within the tab (spec section 2 "Client comparison"). Adding replaces an entry with the same token or
// appends; swapping moves a client to first place; selecting and unselecting keep a separate list of names.
import { useSyncExternalStore } from 'react';
import { COMPARISON_MAX_CLIENTS } from '@bq/contracts/comparison';

export interface ComparisonEntry {
  token: string;
  name: string;
}

export interface ComparisonState {
  clients: ComparisonEntry[];
  /** Names of the clients shown in the chart and tables (the spec's separate selection list). */
  selected: string[];
}

const EMPTY: ComparisonState = { clients: [], selected: [] };
const storageKey = (productType: string) => `bq.comparison.${productType}`;
const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; state: ComparisonState }>();

function read(productType: string): ComparisonState {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(storageKey(productType));
  } catch {
    raw = null;
  }
  const cached = cache.get(productType);
  if (cached && cached.raw === raw) return cached.state;
  let state = EMPTY;
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as Partial<ComparisonState>;
      state = {
        clients: Array.isArray(parsed.clients)
          ? parsed.clients.filter((c) => typeof c?.token === 'string' && typeof c?.name === 'string')
          : [],
        selected: Array.isArray(parsed.selected) ? parsed.selected.filter((n) => typeof n === 'string') : [],
      };
    } catch {
      state = EMPTY;
    }
  }
  cache.set(productType, { raw, state });
  return state;
}

function write(productType: string, state: ComparisonState): void {
  try {
    sessionStorage.setItem(storageKey(productType), JSON.stringify(state));
  } catch {
    // Storage full or blocked: the list then lasts as long as this page.
    cache.set(productType, { raw: null, state });
  }
  for (const listener of listeners) listener();
}

export function getComparison(productType: string): ComparisonState {
  return read(productType);
}

export type AddResult = 'added' | 'replaced' | 'full';

/** Same token: replaced in place; otherwise appended and selected, unless the list is at its maximum. */
export function addToComparison(productType: string, entry: ComparisonEntry): AddResult {
  const state = read(productType);
  const index = state.clients.findIndex((c) => c.token === entry.token);
  if (index >= 0) {
    const previous = state.clients[index]!;
    const clients = state.clients.map((c, i) => (i === index ? entry : c));
    const selected = state.selected.map((n) => (n === previous.name ? entry.name : n));
    write(productType, { clients, selected });
    return 'replaced';
  }
  if (state.clients.length >= COMPARISON_MAX_CLIENTS) return 'full';
  write(productType, { clients: [...state.clients, entry], selected: [...state.selected, entry.name] });
  return 'added';
}

export function removeFromComparison(productType: string, token: string): void {
  const state = read(productType);
  const removed = state.clients.find((c) => c.token === token);
  write(productType, {
    clients: state.clients.filter((c) => c.token !== token),
    selected: removed ? state.selected.filter((n) => n !== removed.name) : state.selected,
  });
}

/** Moves the client to first place; the others keep their order (the server recomputes similarities). */
export function swapToFirst(productType: string, token: string): void {
  const state = read(productType);
  const chosen = state.clients.find((c) => c.token === token);
  if (!chosen) return;
  write(productType, { ...state, clients: [chosen, ...state.clients.filter((c) => c.token !== token)] });
}

export function selectClient(productType: string, name: string): void {
  const state = read(productType);
  if (state.selected.includes(name) || !state.clients.some((c) => c.name === name)) return;
  write(productType, { ...state, selected: [...state.selected, name] });
}

/** Unselecting matches by name; when nothing matches it is only logged (spec section 8). */
export function unselectClient(productType: string, name: string): void {
  const state = read(productType);
  if (!state.selected.includes(name)) {
    console.warn('Unable to unselect client', name);
    return;
  }
  write(productType, { ...state, selected: state.selected.filter((n) => n !== name) });
}

export function clearComparison(productType: string): void {
  write(productType, EMPTY);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useComparison(productType: string): ComparisonState {
  return useSyncExternalStore(
    subscribe,
    () => read(productType),
    () => EMPTY,
  );
}
