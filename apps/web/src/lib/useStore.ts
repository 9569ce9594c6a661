import { useRef, useSyncExternalStore } from "react";
import type { Store } from "./createStore";

interface Selection<S, T> {
  state: S;
  selector: (state: S) => T;
  value: T;
}

/**
 * Binds a selector over an external store (the `useSyncExternalStoreWithSelector`
 * idea, in a dozen lines). The selection is cached per state and selector; a new
 * selection that `isEqual` (default `Object.is`) the previous one returns the
 * previous object, so a component re-renders only when what it reads changed,
 * even when the selector is an inline closure that builds arrays.
 */
export function useStore<S, T>(
  store: Store<S>,
  selector: (state: S) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const cache = useRef<Selection<S, T> | null>(null);
  const getSnapshot = (): T => {
    const state = store.getState();
    const previous = cache.current;
    if (previous !== null && previous.state === state && previous.selector === selector) {
      return previous.value;
    }
    const value = selector(state);
    if (previous !== null && isEqual(previous.value, value)) {
      cache.current = { state, selector, value: previous.value };
      return previous.value;
    }
    cache.current = { state, selector, value };
    return value;
  };
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}
