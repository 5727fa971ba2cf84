// The global loading counter (spec section 4): raised when an API call starts, lowered when it ends; the app
// is loading while it is above zero. A tiny external store so React reads it through useSyncExternalStore.
import { useSyncExternalStore } from 'react';

let count = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Raises the counter and returns the function that lowers it again; calling that twice lowers it once. */
export function beginLoading(): () => void {
  count += 1;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    count -= 1;
    emit();
  };
}

export function getLoadingCount(): number {
  return count;
}

export function subscribeLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const isLoadingSnapshot = () => count > 0;

/** True while at least one API call is running. */
export function useGlobalLoading(): boolean {
  return useSyncExternalStore(subscribeLoading, isLoadingSnapshot, () => false);
}
