import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { blockYaml } from "./blockYaml";
import { sortDeep } from "./jsonpath";
import { toYaml } from "./printObjects";

/** What toYaml printed before the fast writer: the library on a key-sorted copy. */
const library = (value: unknown): string =>
  stringify(sortDeep(value), { lineWidth: 0, indentSeq: false, version: "1.1" });

/** Strings that sit on every quoting rule's edge (YAML 1.1 types, indicators, quotes). */
const STRINGS = [
  ...["", " ", "a", "yes", "No", "ON", "y", "n", "~", "null", "Null", "true", "FALSE", "off"],
  ...["0", "07", "08", "0x1F", "0b11", "1_000", "1:20", "1:20.5", "1.5", "1e3", ".5", "+1", "-1"],
  ...[".inf", "-.Inf", ".nan", "2026-11-22", "2026-11-22T08:00:00Z", "2026-1-2 3:04:05", "1e"],
  ...["-", "- a", "-a", "?", "? a", "?a", ":", "a:", "a:b", "a: b", "a #b", "a#b", "#a", "&a"],
  ...["*a", "!a", "|", ">", "'", '"', "a'b", 'a"b', "a\"b'c", "@x", "`x", "[x", "]", "{"],
  ...["}", ",x", "x,", "a\\b", "x---", "a ", " a", "<<", "<", "=", "a=b", "10.244.1.5", "100m"],
  ...["128Mi", "eb5426bf-5ca0-4a87", "app.kubernetes.io/name", "/bin/sh", "--flag=x", "v1"],
  ...["http://x:80/", "0.0.0.0/0", "1.2.3", "e1", "0o7"],
];
/** Strings the fast writer leaves to the library. */
const UNUSUAL = ["a\nb", "a\n", "\ta", "é", "---", "--- a", "...", "%", "%x"];
const NUMBERS = [0, -0, 1, -1, 1.5, 1e21, 1e-7, 2 ** 53, 100, 0.1, -5.25];
const KEYS = [...STRINGS, "1", "2", "9", "10", "b", "B", "_", "zz"];

function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

function generate(next: () => number, unusual: boolean): Record<string, unknown> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const strings = unusual ? [...STRINGS, ...UNUSUAL] : STRINGS;
  const value = (depth: number): unknown => {
    const r = next();
    if (depth > 4 || r < 0.45) {
      const s = next();
      if (s < 0.6) return pick(strings);
      if (s < 0.8) return pick(NUMBERS);
      return s < 0.9 ? next() < 0.5 : null;
    }
    if (r < 0.72) return map(depth + 1, Math.floor(next() * 5));
    return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
  };
  const map = (depth: number, size: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < size; i++) out[pick(KEYS)] = value(depth);
    return out;
  };
  return map(0, 1 + Math.floor(next() * 4));
}

describe("blockYaml", () => {
  it("prints exactly what the yaml library prints, for 10,000 generated documents", () => {
    const next = random(4);
    let mismatches = 0;
    for (let i = 0; i < 10_000; i++) {
      const doc = generate(next, false);
      const fast = blockYaml(doc);
      if (fast === undefined || fast !== library(doc)) mismatches++;
    }
    expect(mismatches).toBe(0);
  });

  it("prints a pod-like object in kubectl's layout", () => {
    const pod = {
      metadata: {
        name: "web-0",
        labels: { app: "web" },
        creationTimestamp: "2026-11-22T08:00:00Z",
      },
      spec: { containers: [{ name: "web", args: ["--port", "80"], resources: {} }], volumes: [] },
      apiVersion: "v1",
      kind: "Pod",
    };
    expect(blockYaml(pod)).toBe(
      [
        "apiVersion: v1",
        "kind: Pod",
        "metadata:",
        '  creationTimestamp: "2026-11-22T08:00:00Z"',
        "  labels:",
        "    app: web",
        "  name: web-0",
        "spec:",
        "  containers:",
        "  - args:",
        "    - --port",
        '    - "80"',
        "    name: web",
        "    resources: {}",
        "  volumes: []",
        "",
      ].join("\n"),
    );
  });

  it("leaves multi-line, non-ASCII and marker strings to the library, and toYaml still matches it", () => {
    for (const text of UNUSUAL) {
      const doc = { data: { key: text } };
      expect(blockYaml(doc)).toBeUndefined();
      expect(toYaml(doc)).toBe(library(doc).trimEnd());
    }
    // Keys over 1024 characters become explicit `? key` entries in the library.
    const long = { ["k".repeat(1030)]: "v", short: "x".repeat(1030) };
    expect(blockYaml(long)).toBeUndefined();
    expect(toYaml(long)).toBe(library(long).trimEnd());
    const next = random(9);
    for (let i = 0; i < 2_000; i++) {
      const doc = generate(next, true);
      expect(toYaml(doc)).toBe(library(doc).trimEnd());
    }
  });
});
