import { describe, expect, it } from "vitest";
import { memoryStorage } from "./memoryStorage";
import { createUiStore, loadUiState, STORAGE_KEYS } from "./uiStore";

describe("UI store: loading what localStorage holds", () => {
  it("survives every corrupted key at once", () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.theme]: "null",
      [STORAGE_KEYS.drafts]: "{garbage",
      [STORAGE_KEYS.scope]: '"just a string"',
    });
    const state = loadUiState(storage);
    expect(state).toMatchObject({ theme: null, drafts: {}, clusterContext: null, namespace: null });
  });

  it.each([
    ["a number", "7"],
    ["an array", "[1,2]"],
    ["the string null", "null"],
    ["an unknown theme", '"sepia"'],
    ["garbage", "\u0000\u0001"],
  ])("falls back to the system theme for %s", (_n, raw) => {
    expect(loadUiState(memoryStorage({ [STORAGE_KEYS.theme]: raw })).theme).toBeNull();
  });

  it("keeps the valid drafts of a partly corrupted object", () => {
    const raw = JSON.stringify({ new: "why is checkout failing?", a: 42, b: null, c: "" });
    expect(loadUiState(memoryStorage({ [STORAGE_KEYS.drafts]: raw })).drafts).toEqual({
      new: "why is checkout failing?",
    });
  });

  it("drops a namespace that is not a valid name but keeps the context", () => {
    const raw = JSON.stringify({ clusterContext: "kind-dev", namespace: "Not_Valid!" });
    expect(loadUiState(memoryStorage({ [STORAGE_KEYS.scope]: raw }))).toMatchObject({
      clusterContext: "kind-dev",
      namespace: null,
    });
  });

  it("works with no storage at all", () => {
    const ui = createUiStore(null);
    ui.setTheme("dark");
    expect(ui.getState().theme).toBe("dark");
  });
});

describe("UI store: changes", () => {
  it("persists theme, drafts and scope, and reads them back", () => {
    const storage = memoryStorage();
    const ui = createUiStore(storage);
    ui.setTheme("dark");
    ui.setDraft("conv-1", "half a question");
    ui.setScope({ clusterContext: "kubemedic-demo", namespace: "shop" });
    const again = loadUiState(storage);
    expect(again).toMatchObject({
      theme: "dark",
      drafts: { "conv-1": "half a question" },
      clusterContext: "kubemedic-demo",
      namespace: "shop",
    });
  });

  it("removes a draft emptied by sending", () => {
    const ui = createUiStore(memoryStorage());
    ui.setDraft("new", "x");
    ui.setDraft("new", "");
    expect(ui.getState().drafts).toEqual({});
  });

  it("keeps at most 50 drafts, dropping the oldest", () => {
    const ui = createUiStore(memoryStorage());
    for (let i = 0; i < 60; i++) ui.setDraft(`c${i}`, `draft ${i}`);
    const keys = Object.keys(ui.getState().drafts);
    expect(keys).toHaveLength(50);
    expect(keys[0]).toBe("c59");
    expect(keys).not.toContain("c0");
  });

  it("toggles a card from its default and tracks decisions in flight", () => {
    const ui = createUiStore(null);
    ui.toggleExpanded("t:1", false);
    expect(ui.getState().expanded["t:1"]).toBe(true);
    ui.toggleExpanded("t:2", true);
    expect(ui.getState().expanded["t:2"]).toBe(false);
    ui.setDeciding("turn-1", true);
    expect(ui.getState().deciding).toEqual({ "turn-1": true });
    ui.setDeciding("turn-1", false);
    expect(ui.getState().deciding).toEqual({});
  });

  it("does not notify when nothing changed", () => {
    const ui = createUiStore(null);
    ui.setDraft("a", "x");
    const before = ui.getState();
    ui.setDraft("a", "x");
    expect(ui.getState()).toBe(before);
  });
});
