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

/** Shallow equality for arrays and plain objects, for selectors that build a new one. */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const key of ka) {
    if (!Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
      return false;
  }
  return true;
}
