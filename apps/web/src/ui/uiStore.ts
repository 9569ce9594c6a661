import type { ObjectRef } from "@kubemedic/protocol";
import { MAX_MESSAGE_CHARS } from "@kubemedic/protocol";
import { createStore, type Store } from "../lib/createStore";
import { boundedString, isRecord, readJson, writeJson, type KeyValueStorage } from "./safeStorage";

/**
 * What the user has chosen, opened or typed — never data from the server
 * (that lives in the query cache and the stream store). The selected
 * conversation is not here either: it is the URL (see router.ts).
 */
export type Theme = "light" | "dark";

export interface UiState {
  /** Null follows the system preference. */
  theme: Theme | null;
  /** Unsent text per conversation id, `"new"` for the empty state. */
  drafts: Readonly<Record<string, string>>;
  /** A resource the next message is about (a report chip click), per draft key. */
  about: Readonly<Record<string, ObjectRef>>;
  /** The cluster context and namespace for new conversations and the scan view. */
  clusterContext: string | null;
  namespace: string | null;
  /** The conversation list drawer on narrow screens. */
  sidebarOpen: boolean;
  search: string;
  /** Tool and evidence cards the user opened or closed, by item key. */
  expanded: Readonly<Record<string, boolean>>;
  /** Turns whose approval decision is on its way, so the buttons stay disabled. */
  deciding: Readonly<Record<string, true>>;
}

export const STORAGE_KEYS = {
  theme: "kubemedic.theme",
  drafts: "kubemedic.drafts",
  scope: "kubemedic.scope",
} as const;

/** Drafts kept across reloads, the most recent first. @default 50 */
const MAX_DRAFTS = 50;

export function loadUiState(storage: KeyValueStorage | null): UiState {
  const scope = readJson(storage, STORAGE_KEYS.scope, guardScope, {
    clusterContext: null,
    namespace: null,
  });
  return {
    theme: readJson<Theme | null>(storage, STORAGE_KEYS.theme, guardTheme, null),
    drafts: readJson(storage, STORAGE_KEYS.drafts, guardDrafts, {}),
    about: {},
    clusterContext: scope.clusterContext,
    namespace: scope.namespace,
    sidebarOpen: false,
    search: "",
    expanded: {},
    deciding: {},
  };
}

export interface UiStore extends Store<UiState> {
  setDraft: (key: string, text: string) => void;
  setAbout: (key: string, resource: ObjectRef | null) => void;
  setTheme: (theme: Theme | null) => void;
  setScope: (scope: { clusterContext?: string | null; namespace?: string | null }) => void;
  setSidebarOpen: (open: boolean) => void;
  setSearch: (search: string) => void;
  toggleExpanded: (key: string, defaultOpen: boolean) => void;
  setDeciding: (turnId: string, deciding: boolean) => void;
}

/** The UI store, persisting theme, drafts and scope to `storage` as they change. */
export function createUiStore(storage: KeyValueStorage | null): UiStore {
  const store = createStore(loadUiState(storage));
  let saved = store.getState();
  store.subscribe(() => {
    const s = store.getState();
    if (s.theme !== saved.theme) writeJson(storage, STORAGE_KEYS.theme, s.theme);
    if (s.drafts !== saved.drafts) writeJson(storage, STORAGE_KEYS.drafts, s.drafts);
    if (s.clusterContext !== saved.clusterContext || s.namespace !== saved.namespace) {
      writeJson(storage, STORAGE_KEYS.scope, {
        clusterContext: s.clusterContext,
        namespace: s.namespace,
      });
    }
    saved = s;
  });
  const set = (patch: (s: UiState) => Partial<UiState> | null) =>
    store.setState((s) => {
      const p = patch(s);
      return p === null ? s : { ...s, ...p };
    });
  return {
    ...store,
    setDraft: (key, text) =>
      set((s) => {
        if ((s.drafts[key] ?? "") === text) return null;
        const { [key]: _old, ...rest } = s.drafts;
        // Newest first, so trimming keeps the drafts the user touched last.
        const drafts = text === "" ? rest : { [key]: text.slice(0, MAX_MESSAGE_CHARS), ...rest };
        return { drafts: Object.fromEntries(Object.entries(drafts).slice(0, MAX_DRAFTS)) };
      }),
    setAbout: (key, resource) =>
      set((s) => {
        const { [key]: _old, ...rest } = s.about;
        return { about: resource === null ? rest : { ...rest, [key]: resource } };
      }),
    setTheme: (theme) => set(() => ({ theme })),
    setScope: (scope) =>
      set((s) => ({
        clusterContext:
          scope.clusterContext === undefined ? s.clusterContext : scope.clusterContext,
        namespace: scope.namespace === undefined ? s.namespace : scope.namespace,
      })),
    setSidebarOpen: (sidebarOpen) => set(() => ({ sidebarOpen })),
    setSearch: (search) => set(() => ({ search: search.slice(0, 200) })),
    toggleExpanded: (key, defaultOpen) =>
      set((s) => ({ expanded: { ...s.expanded, [key]: !(s.expanded[key] ?? defaultOpen) } })),
    setDeciding: (turnId, deciding) =>
      set((s) => {
        const { [turnId]: _old, ...rest } = s.deciding;
        return { deciding: deciding ? { ...rest, [turnId]: true } : rest };
      }),
  };
}

function guardTheme(value: unknown): Theme | null | undefined {
  return value === "light" || value === "dark" || value === null ? value : undefined;
}

/** Keeps the string entries of a stored drafts object and drops the rest. */
function guardDrafts(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const drafts: Record<string, string> = {};
  for (const [key, text] of Object.entries(value).slice(0, MAX_DRAFTS)) {
    const valid = boundedString(text, MAX_MESSAGE_CHARS);
    if (key.length <= 100 && valid !== undefined && valid !== "") drafts[key] = valid;
  }
  return drafts;
}

function guardScope(
  value: unknown,
): { clusterContext: string | null; namespace: string | null } | undefined {
  if (!isRecord(value)) return undefined;
  const context = boundedString(value.clusterContext, 253) ?? null;
  const ns = boundedString(value.namespace, 63);
  return {
    clusterContext: context,
    namespace: ns !== undefined && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(ns) ? ns : null,
  };
}
