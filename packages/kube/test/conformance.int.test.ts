import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { parse as parseYaml } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoFixture } from "./demoFixture";
import { startDemoFixture } from "./demoFixture";

/**
 * Conformance: the engine's output for read commands equals the real kubectl
 * binary's on the same demo cluster — same rows and values; runs of spaces
 * may differ. Both run one after the other; a mismatch is retried (twice) so an
 * age that ticks over a second between the two reads does not count.
 *
 * Modes: `text` compares line by line; `rows` compares the header and the
 * multiset of rows (kubectl walks some maps in Go's random order);
 * `timeline` compares the header and the order of the rows by their LAST SEEN
 * column, rows that show the same age as a multiset (kubectl sorts events by
 * time with an unstable sort, so only ties may differ); `object` compares
 * parsed YAML/JSON (kubectl keeps managedFields and
 * last-applied-configuration, which the engine strips).
 */
type Mode = "text" | "rows" | "timeline" | "object";
const CASES: [command: string, mode: Mode][] = [
  ["get pods -n shop", "text"],
  ["get pods -A", "text"],
  ["get pods -n shop -o wide", "text"],
  ["get pods -n shop --show-labels", "text"],
  ["get pods -n shop -L app -L app.kubernetes.io/version", "text"],
  ["get pods -n shop -l app=checkout", "text"],
  ["get pods -A --field-selector=status.phase=Pending", "text"],
  ["get pods -n shop -o name", "text"],
  // Names repeat across namespaces (every StatefulSet's `postgres-0`), and kubectl's sort is not
  // stable: the order of equal names is unspecified, so -A sorts by something unique.
  ["get pods -n shop --sort-by=.metadata.name", "text"],
  [
    "get pods -A --sort-by=.metadata.uid -o custom-columns=NS:.metadata.namespace,NAME:.metadata.name,UID:.metadata.uid --no-headers",
    "text",
  ],
  ["get pods -A --no-headers", "text"],
  ["get pod/postgres-0 svc/checkout -n shop", "text"],
  ["get pod nosuch -n shop", "text"],
  ["get pods -n empty", "text"],
  ["get deploy -A -o wide", "text"],
  ["get deploy,svc -n shop", "text"],
  ["get all -n shop", "text"],
  ["get svc -A", "text"],
  ["get nodes -o wide", "text"],
  ["get ns", "text"],
  ["get events -n shop", "text"],
  ["get events -n shop --sort-by=.lastTimestamp", "timeline"],
  ["get rs,sts,ds -A", "text"],
  ["get jobs,cj -A", "text"],
  ["get pvc,pv,sc -A", "text"],
  ["get ing,netpol,hpa,pdb -A", "text"],
  ["get quota,limitrange,sa -A", "text"],
  ["get endpoints,cm,secrets -n shop", "text"],
  ["get pods -n shop -o jsonpath={.items[*].metadata.name}", "text"],
  [
    `get pods -A -o jsonpath='{range .items[*]}{.metadata.namespace}/{.metadata.name}{"\\t"}{.status.phase}{"\\n"}{end}'`,
    "text",
  ],
  [
    "get pods -A -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName,IMAGES:.spec.containers[*].image",
    "text",
  ],
  ["get deploy checkout -n shop -o yaml", "object"],
  ["get pods -n shop -o json", "object"],
  ["get secret checkout-db -n shop -o yaml", "object"],
  ["describe pod checkout-7d9c5b6f4-m4zq9 -n shop", "text"],
  ["describe pods -n payments", "text"],
  ["describe deploy checkout -n shop", "text"],
  ["describe deploy orders-api -n orders", "text"],
  ["describe svc checkout -n shop", "text"],
  ["describe svc frontend -n web", "text"],
  ["describe node worker-1", "text"],
  ["describe node edge-worker-1", "text"],
  ["describe sts postgres -n shop", "text"],
  ["describe rs -n orders", "text"],
  ["describe ds -n kube-system", "text"],
  ["describe job db-migrate -n batch", "text"],
  ["describe ns shop", "text"],
  // A LimitRange's resources come out in Go map order (random per kubectl run): lines as a set.
  ["describe ns team-a", "rows"],
  ["describe pvc -n data", "text"],
  ["describe ing blog -n blog", "text"],
  ["describe hpa -n search", "text"],
  // kubectl walks a ConfigMap's keys in Go map order (random): compare the lines as a set.
  ["describe cm -n inventory", "rows"],
  ["describe secret checkout-db -n shop", "text"],
  ["logs checkout-7d9c5b6f4-m4zq9 -n shop", "text"],
  ["logs checkout-7d9c5b6f4-m4zq9 -n shop --previous", "text"],
  ["logs checkout-7d9c5b6f4-m4zq9 -n shop --previous --tail=2", "text"],
  ["logs deploy/checkout -n shop --previous", "text"],
  ["logs -l app=checkout -n shop --previous --prefix", "rows"],
  ["logs checkout-7d9c5b6f4-m4zq9 -n shop -c checkout --previous", "text"],
  // The demo cluster spreads a log's lines over the container's run: --since cuts some off.
  ["logs deploy/config-reloader -n ops --since=1h", "text"],
  ["logs deploy/config-reloader -n ops --since=3h --tail=2", "text"],
  ["events -n shop", "timeline"],
  ["events -A --types=Warning", "timeline"],
  ["events -n shop --for pod/checkout-7d9c5b6f4-m4zq9", "timeline"],
  ["events -n shop --for deploy/checkout", "timeline"],
  ["events -n default --for node/edge-worker-1", "timeline"],
  ["events -A --for node/edge-worker-1", "timeline"],
  ["events -n iot --for node/edge-worker-1", "timeline"],
  // Metrics: the scenarios' own PodMetrics/NodeMetrics plus the usage the demo cluster derives
  // for every other running pod and Ready node (metrics-view.ts).
  ["top pods -A", "text"],
  ["top pods -n analytics", "text"],
  ["top pods -n shop --containers", "text"],
  // kubectl sorts with an unstable sort: pods with the same figure (whole millicores for cpu;
  // bytes for memory, and two scenarios write 251Mi) may come in either order, so -A sorts are
  // compared as sets of rows and the order is checked in namespaces without ties.
  ["top pods -n analytics --sort-by=memory", "text"],
  ["top pods -n tariffs --sort-by=cpu --containers", "text"],
  ["top pods -A --sort-by=memory", "rows"],
  ["top pods -A --sort-by=cpu --no-headers", "rows"],
  ["top pods -n shop -l app=cart", "text"],
  ["top pod report-worker-84c6d9f7b8-r7xwq -n analytics --containers", "text"],
  ["top pod nosuch -n shop", "text"],
  ["top pods -n empty", "text"],
  ["top nodes", "rows"],
  ["top nodes --sort-by=memory", "text"],
  ["top nodes --show-capacity", "rows"],
  ["top node worker-1", "text"],
  ["top node edge-worker-1", "text"],
  ["api-resources", "text"],
  ["api-resources --namespaced=false -o wide", "text"],
  ["api-versions", "text"],
  ["rollout history deploy/orders-api -n orders", "text"],
  ["rollout status deploy/cart -n shop", "text"],
  ["cluster-info", "text"],
];

const kubectl = findKubectl();
const required = process.env.KUBEMEDIC_REQUIRE_KUBECTL === "1";
if (!kubectl) {
  const message = "kubectl not found on PATH: the kubectl conformance suite is SKIPPED";
  if (required) throw new Error(`${message}, but KUBEMEDIC_REQUIRE_KUBECTL=1`);
  console.warn(`\n*** ${message} (set KUBEMEDIC_REQUIRE_KUBECTL=1 to make this fail) ***\n`);
}

const run = promisify(execFile);
let fx: DemoFixture;

describe.skipIf(!kubectl)("conformance with the real kubectl binary", () => {
  beforeAll(async () => {
    fx = await startDemoFixture({
      engine: { maxLines: 100_000, maxBytes: 10_000_000, logTailDefault: 100_000 },
    });
    await viaKubectl("version"); // the first call of a kubectl process discovers the API: keep it out of the cases
  });
  afterAll(async () => {
    await fx.close();
  });

  it.each(CASES)("%s (%s)", async (command, mode) => {
    let last = "";
    for (let attempt = 0; attempt < 3; attempt++) {
      const expected = await viaKubectl(command);
      const actual = await viaEngine(command);
      const diff = compare(expected, actual, mode);
      if (diff === undefined) return;
      last = diff;
    }
    expect.fail(`${command}\n${last}`);
  });
});

async function viaKubectl(command: string): Promise<string> {
  // The cases are written as a shell would pass them; the engine's own tokenizer splits them for kubectl too.
  const { tokenize } = await import("../src/index");
  const words = tokenize(command);
  const result = await run(kubectl!, ["--kubeconfig", fx.kubeconfigPath, ...words], {
    encoding: "utf8",
  }).catch((error: { stdout: string; stderr: string }) => ({
    stdout: error.stdout,
    stderr: error.stderr,
  }));
  const stderr = result.stderr
    .split("\n")
    .filter((l) => !/^(Defaulted container|Found \d+ pods)/.test(l))
    .join("\n")
    .replace(/^error: /m, "error: ");
  return result.stdout.trim() === "" ? stderr : result.stdout;
}

async function viaEngine(command: string): Promise<string> {
  const result = await fx.engine.run(command);
  const notes = new Set((result.notes ?? []).filter((n) => !n.startsWith("No resources found")));
  const kept = result.output
    .split("\n")
    .filter((line) => !notes.has(line))
    .join("\n");
  // kubectl's notes go to stderr, which viaKubectl reads only when stdout is empty: likewise.
  return kept.trim() === "" ? result.output : kept;
}

function compare(expected: string, actual: string, mode: Mode): string | undefined {
  if (mode === "object") {
    const a = clean(parseYaml(expected) as unknown);
    const b = clean(parseYaml(actual) as unknown);
    return JSON.stringify(a) === JSON.stringify(b)
      ? undefined
      : `objects differ:\n${expected.slice(0, 2000)}\n---\n${actual.slice(0, 2000)}`;
  }
  const a = lines(expected);
  const b = lines(actual);
  if (mode === "timeline") {
    if (a.length > 0 && JSON.stringify(timeline(a)) === JSON.stringify(timeline(b)))
      return undefined;
  } else if (mode === "rows") {
    if (a[0] === b[0] && JSON.stringify([...a].sort()) === JSON.stringify([...b].sort()))
      return undefined;
  } else if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  const i = a.findIndex((line, n) => line !== b[n]);
  return `first difference at line ${i + 1}:\n  kubectl: ${a[i] ?? "<end>"}\n  engine : ${b[i] ?? "<end>"}`;
}

/**
 * The rows in runs of equal LAST SEEN (the header first): each run sorted, the
 * runs in order. A table without a LAST SEEN column is left as it is.
 */
function timeline(rows: string[]): string[][] {
  const [header = "", ...body] = rows;
  const column = header.split(" ").indexOf("LAST");
  if (column === -1) return [rows];
  const runs: string[][] = [[header]];
  let key: string | undefined;
  for (const row of body) {
    const age = row.split(" ")[column];
    if (age !== key || runs.length === 1) runs.push([]);
    key = age;
    runs[runs.length - 1]!.push(row);
  }
  return runs.map((run) => [...run].sort());
}

function lines(text: string): string[] {
  return text
    .split("\n")
    .map((l) => l.replace(/\s+/g, " ").trim())
    .filter((l) => l !== "");
}

/**
 * What the engine changes on purpose: managedFields and the last-applied
 * annotation are stripped, and Secret values are masked (their keys must match).
 */
function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (typeof value !== "object" || value === null) return value;
  const secret = (value as { kind?: unknown }).kind === "Secret";
  const out: Record<string, unknown> = {};
  const entries = Object.entries(value as Record<string, unknown>);
  for (const [k, v] of entries.sort(([x], [y]) => (x < y ? -1 : 1))) {
    if (k === "managedFields" || k === "kubectl.kubernetes.io/last-applied-configuration") continue;
    if (secret && (k === "data" || k === "stringData") && typeof v === "object" && v !== null) {
      out[k] = Object.keys(v).sort();
      continue;
    }
    out[k] = clean(v);
  }
  return out;
}

function findKubectl(): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const candidate = join(dir, "kubectl");
    if (dir !== "" && existsSync(candidate)) return candidate;
  }
  return undefined;
}
