/**
 * The smallest external store React can bind with `useSyncExternalStore`:
 * immutable state, synchronous listeners. The stream store, the UI store and
 * the router are all one of these, so none of them depends on React.
 */
export interface Store<S> {
  getState: () => S;
  setState: (next: S | ((prev: S) => S)) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createStore<S>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(next) {
      const value = typeof next === "function" ? (next as (prev: S) => S)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
