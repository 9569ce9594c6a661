import type { Scenario } from "@kubemedic/demo-cluster";
import type * as KubeExports from "@kubemedic/kube";
import type { AnalysisResultItem, ObjectRef } from "@kubemedic/protocol";
import type { AnalyzerScore, ObjectKey } from "./QualityReport";

type KubeModule = typeof KubeExports;
type KubeConfig = Parameters<KubeModule["loadSnapshot"]>[0];

/**
 * The analyzers alone, as `kubemedic analyze` runs them (the core set, no
 * k8sgpt binary), over one snapshot of the whole cluster:
 *
 * - recall (strict): the findings in the scenario's scope (its namespace, or
 *   the cluster when the expected object is cluster-scoped) name the expected
 *   object — a finding names an object directly or through its parent (a Pod
 *   of the Deployment). Only this measures the analyzers;
 * - recall with correlation: the same, or correlation ranks the expected
 *   object first — what `kubemedic analyze` adds on top of k8sgpt's rules;
 * - false findings: findings in the namespaces the scenario says are healthy.
 */
export async function scoreAnalyzers(
  kube: KubeModule,
  kc: KubeConfig,
  scenario: Scenario,
  healthy: string[],
): Promise<AnalyzerScore> {
  const snapshot = await kube.loadSnapshot(kc, {});
  try {
    const expected = parseKey(scenario.expect.resource);
    const scope = expected.namespace === undefined ? undefined : scenario.namespace;
    const [scoped, everywhere, candidates] = await Promise.all([
      kube.analyzeSnapshot(snapshot, { namespace: scope }),
      kube.analyzeSnapshot(snapshot, {}),
      kube.correlateSnapshot(snapshot, { namespace: scenario.namespace }),
    ]);
    const findings = scoped.results ?? [];
    const top = candidates[0]?.primary;
    const rootCause = top === undefined ? null : keyOf(top);
    const isHealthy = scenario.expect.category === "Healthy";
    const hit = isHealthy ? undefined : findings.find((f) => names(f, expected));
    const ranked = rootCause !== null && sameObject(parseKey(rootCause), expected);
    const healthySet = new Set(healthy);
    const falseFindings = (everywhere.results ?? [])
      .map((f) => ({ f, ns: namespaceOf(f) }))
      .filter((x) => x.ns !== undefined && healthySet.has(x.ns))
      .map(({ f, ns }) => ({
        namespace: ns ?? "",
        kind: f.kind,
        name: f.name,
        text: f.error.map((e) => e.Text).join("; "),
      }));
    return {
      findings: findings.length,
      recall: isHealthy ? null : hit !== undefined,
      matched: hit === undefined ? null : `${hit.kind}/${hit.name}`,
      recallWithCorrelation: isHealthy ? null : hit !== undefined || ranked,
      rootCause,
      healthyNamespaces: healthy,
      falseFindings,
    };
  } finally {
    snapshot.close();
  }
}

function parseKey(key: ObjectKey): ObjectRef {
  const parts = key.split("/");
  return parts.length === 3
    ? { kind: parts[0] ?? "", namespace: parts[1], name: parts[2] ?? "" }
    : { kind: parts[0] ?? "", namespace: undefined, name: parts[1] ?? "" };
}

function keyOf(ref: ObjectRef): ObjectKey {
  return ref.namespace === undefined || ref.namespace === ""
    ? `${ref.kind}/${ref.name}`
    : `${ref.kind}/${ref.namespace}/${ref.name}`;
}

/** Kinds compare case-insensitively; a cluster-scoped expectation matches any namespace. */
function sameObject(a: ObjectRef, b: ObjectRef): boolean {
  return (
    a.kind.toLowerCase() === b.kind.toLowerCase() &&
    a.name === b.name &&
    (b.namespace === undefined || a.namespace === b.namespace)
  );
}

/** k8sgpt names namespaced results `namespace/name`. */
function namespaceOf(f: AnalysisResultItem): string | undefined {
  const slash = f.name.indexOf("/");
  return slash < 0 ? undefined : f.name.slice(0, slash);
}

/** A finding names the object itself, or has it as parent (`Deployment/checkout` of a Pod). */
function names(f: AnalysisResultItem, t: ObjectRef): boolean {
  const kind = t.kind.toLowerCase();
  const full = t.namespace === undefined ? t.name : `${t.namespace}/${t.name}`;
  if (f.kind.toLowerCase() === kind && f.name === full) return true;
  const [parentKind, parentName] = f.parentObject.split("/");
  return (
    parentKind?.toLowerCase() === kind &&
    parentName === t.name &&
    (t.namespace === undefined || namespaceOf(f) === t.namespace)
  );
}
