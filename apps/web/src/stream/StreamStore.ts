import { createStore, type Store } from "../lib/createStore";
import { initialStreamState, streamReducer } from "./streamReducer";
import type { StreamAction, StreamState } from "./streamTypes";

/** The live conversations, outside React: the reducer's state plus `dispatch`. */
export interface StreamStore extends Store<StreamState> {
  dispatch: (action: StreamAction) => void;
}

export function createStreamStore(initial: StreamState = initialStreamState): StreamStore {
  const store = createStore(initial);
  return { ...store, dispatch: (action) => store.setState((s) => streamReducer(s, action)) };
}
