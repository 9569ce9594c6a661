import { createContext, useContext } from "react";
import { useStore } from "../lib/useStore";
import type { ConnectionSnapshot } from "../socket/ConnectionManager";
import type { Route } from "../ui/router";
import type { UiState } from "../ui/uiStore";
import type { KubemedicClient, Notice } from "./createClient";

export const ClientContext = createContext<KubemedicClient | null>(null);

export function useClient(): KubemedicClient {
  const client = useContext(ClientContext);
  if (client === null) throw new Error("ClientContext is missing");
  return client;
}

export function useUi<T>(selector: (s: UiState) => T, isEqual?: (a: T, b: T) => boolean): T {
  return useStore(useClient().ui, selector, isEqual);
}

export function useRoute(): Route {
  return useStore(useClient().router, (r) => r);
}

export function useConnection<T>(selector: (s: ConnectionSnapshot) => T): T {
  return useStore(useClient().connection.state, selector);
}

export function useNotices(): Notice[] {
  return useStore(useClient().notices, (n) => n);
}
