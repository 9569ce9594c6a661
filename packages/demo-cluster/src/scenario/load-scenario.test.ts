import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DemoClusterError } from "../errors";
import { loadScenario } from "./load-scenario";
import { mergeScenarios } from "./merge-scenarios";

const root = mkdtempSync(join(tmpdir(), "kubemedic-scenarios-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const META = `name: broken
question: what is wrong?
namespace: demo
expect:
  category: CrashLoop
  resource: Deployment/demo/api
  mentions: [X]
`;

let n = 0;
function scenario(cluster: string, meta = META, logs: Record<string, string> = {}): string {
  const dir = join(root, `s${n++}`);
  mkdirSync(dir);
  writeFileSync(join(dir, "scenario.yaml"), meta);
  writeFileSync(join(dir, "cluster.yaml"), cluster);
  for (const [path, text] of Object.entries(logs)) {
    mkdirSync(join(dir, "logs", path, ".."), { recursive: true });
    writeFileSync(join(dir, "logs", path), text);
  }
  return dir;
}

async function loadError(dir: string): Promise<DemoClusterError> {
  try {
    await loadScenario(dir);
  } catch (error) {
    if (error instanceof DemoClusterError) return error;
    throw error;
  }
  throw new Error("expected a load error");
}

const POD = (name: string, extra = ""): string => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
  namespace: demo${extra}
spec:
  containers:
    - name: app
      image: nginx:1.27
`;

describe("loadScenario: malformed scenarios fail with file, line and object", () => {
  it("YAML syntax errors", async () => {
    const dir = scenario(`${POD("ok")}---\napiVersion: v1\nkind: Pod\nmetadata: [unclosed\n`);
    const e = await loadError(dir);
    expect(e.code).toBe("scenario_invalid");
    expect(e.file).toBe(join(dir, "cluster.yaml"));
    expect(e.line).toBeGreaterThanOrEqual(10);
    expect(e.message).toMatch(/cluster\.yaml:\d+: YAML syntax error/);
  });

  it("a namespaced kind without namespace, naming the object and its line", async () => {
    const dir = scenario(
      `${POD("ok")}---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec: {}\n`,
    );
    const e = await loadError(dir);
    expect(e.line).toBe(11);
    expect(e.object).toBe("Deployment/api");
    expect(e.message).toContain("cluster.yaml:11: Deployment/api: metadata.namespace is missing");
  });

  it("an unquoted boolean label, a selector that misses its template, a container without image", async () => {
    expect(
      (await loadError(scenario(POD("p", "\n  labels:\n    canary: true")))).message,
    ).toContain("metadata.labels.canary must be a string (quote it in YAML)");
    const deploy = `apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: api, namespace: demo }\nspec:\n  selector: { matchLabels: { app: api } }\n  template:\n    metadata: { labels: { app: web } }\n    spec: { containers: [{ name: a, image: x }] }\n`;
    expect((await loadError(scenario(deploy))).message).toContain(
      "Deployment/demo/api: spec.selector does not match template labels (app=api)",
    );
    const noImage = `apiVersion: v1\nkind: Pod\nmetadata: { name: p, namespace: demo }\nspec: { containers: [{ name: a }] }\n`;
    expect((await loadError(scenario(noImage))).message).toContain('container "a" needs an image');
  });

  it("duplicates, contradicting owner uids and missing kinds", async () => {
    expect((await loadError(scenario(`${POD("p")}---\n${POD("p")}`))).message).toMatch(
      /cluster\.yaml:11: Pod\/demo\/p: duplicate object \(first defined at line 1\)/,
    );
    const owner = `apiVersion: apps/v1\nkind: ReplicaSet\nmetadata: { name: rs, namespace: demo, uid: aaaa }\nspec:\n  selector: { matchLabels: { a: b } }\n  template: { metadata: { labels: { a: b } }, spec: { containers: [{ name: a, image: x }] } }\n---\n${POD("p", "\n  ownerReferences: [{ apiVersion: apps/v1, kind: ReplicaSet, name: rs, uid: bbbb }]")}`;
    expect((await loadError(scenario(owner))).message).toContain(
      "ownerReference to ReplicaSet/demo/rs has uid bbbb, but that object's uid is aaaa",
    );
    expect((await loadError(scenario("metadata: { name: x }\n"))).message).toContain(
      "apiVersion is missing",
    );
  });

  it("logs without their pod or container, and scenario.yaml mistakes", async () => {
    expect(
      (await loadError(scenario(POD("p"), META, { "demo/q/app.log": "x" }))).message,
    ).toContain("no pod demo/q for this log");
    expect(
      (await loadError(scenario(POD("p"), META, { "demo/p/sidecar.previous.log": "x" }))).message,
    ).toContain('pod demo/p has no container "sidecar" (it has app)');
    expect(
      (await loadError(scenario(POD("p"), META.replace("CrashLoop", "Crashloop")))).message,
    ).toContain('expect.category "Crashloop" is not one of');
    expect((await loadError(scenario(POD("p"), `${META}colour: blue\n`))).message).toContain(
      'unknown key "colour"',
    );
    expect(
      (await loadError(scenario(POD("p"), META.replace("Deployment/demo/api", "api")))).message,
    ).toContain("must be Kind/namespace/name or Kind/name");
  });

  it("a missing folder is scenario_not_found", async () => {
    expect((await loadError(join(root, "nope"))).code).toBe("scenario_not_found");
  });
});

describe("loadScenario: what it fills in", () => {
  it("derives uids, resolves owner and event targets, converts new-style events, applies defaults", async () => {
    const dir = scenario(`${POD("p")}---
apiVersion: events.k8s.io/v1
kind: Event
metadata: { name: p.1, namespace: demo }
regarding: { kind: Pod, name: p }
reason: FailedScheduling
note: no nodes
type: Warning
eventTime: "-5m"
series: { count: 3, lastObservedTime: "-1m" }
reportingController: default-scheduler
`);
    const s = await loadScenario(dir, { now: Date.parse("2026-11-22T10:00:00Z") });
    const pod = s.objects[0]?.object;
    const event = s.objects[1]?.object;
    expect(pod?.metadata.uid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(pod?.spec).toMatchObject({
      restartPolicy: "Always",
      dnsPolicy: "ClusterFirst",
      serviceAccountName: "default",
    });
    expect(event).toMatchObject({
      apiVersion: "v1",
      involvedObject: { kind: "Pod", name: "p", namespace: "demo", uid: pod?.metadata.uid },
      message: "no nodes",
      eventTime: "2026-11-22T09:55:00.000000Z",
      series: { count: 3, lastObservedTime: "2026-11-22T09:59:00.000000Z" },
      reportingComponent: "default-scheduler",
      firstTimestamp: null,
    });
  });

  it("refuses two scenarios that define one cluster-scoped object differently", async () => {
    const node = (cpu: string): string =>
      `apiVersion: v1\nkind: Node\nmetadata: { name: shared-node }\nstatus: { capacity: { cpu: "${cpu}" } }\n`;
    const a = await loadScenario(
      scenario(node("4"), META.replace("namespace: demo", "namespace: a")),
    );
    const b = await loadScenario(
      scenario(node("8"), META.replace("namespace: demo", "namespace: b")),
    );
    expect(() => mergeScenarios([a, b])).toThrow(
      /Node\/shared-node: defined differently in .*cluster\.yaml:1/,
    );
    const merged = mergeScenarios([
      a,
      await loadScenario(scenario(node("4"), META.replace("namespace: demo", "namespace: c"))),
    ]);
    expect(merged.objects.filter((o) => o.object.kind === "Node")).toHaveLength(1);
    const namespaces = merged.objects
      .filter((o) => o.object.kind === "Namespace")
      .map((o) => o.object.metadata.name);
    expect(namespaces).toEqual(
      expect.arrayContaining(["default", "kube-system", "kube-public", "kube-node-lease"]),
    );
  });
});
