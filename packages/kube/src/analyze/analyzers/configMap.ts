import type { AnalysisFailure, AnalysisResultItem } from "@kubemedic/protocol";
import type { PodSpec } from "../../model/objects";
import { listTargets, objectName, result, type Analyzer } from "./Analyzer";

const SKIP_LABEL_KEYS = [
  "grafana_dashboard",
  "grafana_datasource",
  "prometheus_rule",
  "fluentd_config",
];

/**
 * Published by the control plane into every namespace and mounted by the
 * projected service-account volume; never a finding (k8sgpt reports it as
 * unused in namespaces without pods).
 */
const SYSTEM_CONFIGMAPS = new Set(["kube-root-ca.crt"]);

/** 1 MiB, the API server's object size limit for a ConfigMap's data. */
const MAX_BYTES = 1_048_576;

/**
 * Unused, empty and oversized ConfigMaps. A ConfigMap is used when a pod — or,
 * unlike k8sgpt, a workload's pod template (a CronJob between runs has no
 * pods) — in the same namespace mounts it or reads it through env; k8sgpt
 * matches by name across namespaces, we match namespace and name.
 */
export const configMapAnalyzer: Analyzer = {
  name: "ConfigMap",
  core: true,
  needs: [
    "configmaps",
    "pods",
    "deployments",
    "replicasets",
    "statefulsets",
    "daemonsets",
    "jobs",
    "cronjobs",
  ],
  run(context) {
    const f = context.failure;
    const used = usageIndex(context.snapshot, context.namespace);
    const out: AnalysisResultItem[] = [];
    for (const cm of listTargets(context, "configmaps")) {
      const name = cm.metadata?.name ?? "";
      const labels = cm.metadata?.labels ?? {};
      if (SYSTEM_CONFIGMAPS.has(name)) continue;
      if (SKIP_LABEL_KEYS.some((k) => Object.hasOwn(labels, k))) continue;
      if (labels["k8sgpt.ai/dynamically-loaded"] === "true") continue;
      if (cm.metadata?.annotations?.["k8sgpt.ai/skip-usage-check"] === "true") continue;
      const failures: AnalysisFailure[] = [];
      if (!used.has(`${cm.metadata?.namespace ?? ""}/${name}`))
        failures.push(f(`ConfigMap ${name} is not used by any pod in its namespace.`, []));
      const data = Object.values(cm.data ?? {});
      const binary = Object.values(cm.binaryData ?? {});
      if (data.length === 0 && binary.length === 0)
        failures.push(f(`ConfigMap ${name} is empty.`, []));
      const size =
        data.reduce((n, v) => n + Buffer.byteLength(v, "utf8"), 0) +
        binary.reduce((n, v) => n + Buffer.from(v, "base64").length, 0);
      if (size > MAX_BYTES)
        failures.push(
          f(
            `ConfigMap ${name} holds ${size} bytes, more than the 1 MiB (${MAX_BYTES} bytes) limit.`,
            [],
          ),
        );
      if (failures.length > 0) out.push(result("ConfigMap", objectName(cm), failures));
    }
    return out;
  },
};

type Snapshot = Parameters<Analyzer["run"]>[0]["snapshot"];

function usageIndex(snapshot: Snapshot, namespace: string | undefined): Set<string> {
  const used = new Set<string>();
  const add = (ns: string | undefined, spec: PodSpec | undefined) => {
    if (spec === undefined) return;
    const mark = (name: string | undefined) => {
      if (name !== undefined && name !== "") used.add(`${ns ?? ""}/${name}`);
    };
    for (const v of spec.volumes ?? []) {
      mark(v.configMap?.name);
      for (const s of v.projected?.sources ?? []) mark(s.configMap?.name);
    }
    for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
      for (const e of c.envFrom ?? []) mark(e.configMapRef?.name);
      for (const e of c.env ?? []) mark(e.valueFrom?.configMapKeyRef?.name);
    }
  };
  for (const p of snapshot.list("pods", namespace)) add(p.metadata?.namespace, p.spec);
  for (const key of ["deployments", "replicasets", "statefulsets", "daemonsets", "jobs"] as const)
    for (const w of snapshot.list(key, namespace))
      add(w.metadata?.namespace, w.spec?.template?.spec);
  for (const cj of snapshot.list("cronjobs", namespace))
    add(cj.metadata?.namespace, cj.spec?.jobTemplate?.spec?.template?.spec);
  return used;
}
