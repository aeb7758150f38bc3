import { useSyncExternalStore } from 'react';

/**
 * How many lazy pages are loading. Navigations run in a transition (the page shown stays until the
 * next one's code is there), so the layout reads this to show the route loader meanwhile.
 */
let loading = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export async function trackRouteLoad<T>(load: Promise<T>): Promise<T> {
  loading += 1;
  emit();
  try {
    return await load;
  } finally {
    loading -= 1;
    emit();
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export const useRouteLoading = () => useSyncExternalStore(subscribe, () => loading > 0);
