import type { KubeConfig } from "@kubernetes/client-node";
import type { AnalysisOutput, RootCauseCandidate } from "@kubemedic/protocol";
import { analyzeSnapshot } from "../../src/analyze/analyzeSnapshot";
import { normalizeEvent } from "../../src/model/snapshot/events";
import type {
  Endpoints,
  Ingress,
  KubeObject,
  Pod,
  StatefulSet,
  WebhookConfiguration,
} from "../../src/model/objects";
import { apiLogSource } from "../../src/model/snapshot/loadSnapshot";
import { RESOURCES, RESOURCE_KEYS, type ResourceKey } from "../../src/model/snapshot/resources";
import { sanitizeObject } from "../../src/model/snapshot/sanitize";
import { Transport } from "../../src/connection/transport";
import { correlateSnapshot } from "../../src/correlate/correlateSnapshot";
import { UnindexedSnapshot } from "./unindexedSnapshot";

export interface NaiveResult {
  analysis: AnalysisOutput;
  candidates: RootCauseCandidate[];
  requests: number;
}

/**
 * The baseline: what a port of k8sgpt's access pattern costs. Each analyzer
 * lists its own kinds (pods are listed twice, by Pod and ConfigMap), then
 * looks objects up one request at a time as k8sgpt does — the latest event of
 * each pod that needs one, each flagged pod's owners for its parent, each
 * Endpoints' Service and events, each Ingress backend, each StatefulSet's
 * Service and pods, each webhook's Service and pods. Findings and candidates
 * are then computed over an unindexed snapshot of what was fetched (linear
 * scans instead of indexes). Same results as ours; only the cost differs.
 */
export async function naiveAnalyzeCorrelate(kc: KubeConfig): Promise<NaiveResult> {
  const t = new Transport(kc, kc.getCurrentContext());
  let requests = 0;
  const list = async (
    key: ResourceKey,
    path?: string,
    query: Record<string, string> = {},
  ): Promise<KubeObject[]> => {
    const r = RESOURCES[key];
    const base =
      path ?? `${r.apiVersion === "v1" ? "/api/v1" : `/apis/${r.apiVersion}`}/${r.plural}`;
    const out: KubeObject[] = [];
    let token: string | undefined;
    do {
      requests++;
      const page = await t
        .json<{ items?: KubeObject[]; metadata?: { continue?: string } }>({
          path: base,
          query: { ...query, limit: 500, continue: token },
        })
        .catch(() => ({ items: [] as KubeObject[], metadata: undefined }));
      for (const item of page.items ?? []) {
        item.kind ??= r.kind;
        out.push(sanitizeObject(item));
      }
      token = page.metadata?.continue || undefined;
    } while (token !== undefined);
    return out;
  };
  const get = async (
    key: ResourceKey,
    namespace: string | undefined,
    name: string,
  ): Promise<KubeObject | undefined> => {
    const r = RESOURCES[key];
    const root = r.apiVersion === "v1" ? "/api/v1" : `/apis/${r.apiVersion}`;
    const path = r.namespaced
      ? `${root}/namespaces/${namespace ?? ""}/${r.plural}/${name}`
      : `${root}/${r.plural}/${name}`;
    requests++;
    try {
      const o = await t.json<KubeObject>({ path });
      o.kind ??= r.kind;
      return sanitizeObject(o);
    } catch {
      return undefined;
    }
  };
  const eventsOf = async (namespace: string | undefined, name: string) =>
    (
      await list(
        "events",
        namespace === undefined ? undefined : `/api/v1/namespaces/${namespace}/events`,
        { fieldSelector: `involvedObject.name=${name}` },
      )
    ).map((e) => normalizeEvent(e));

  try {
    const data: Partial<Record<ResourceKey, unknown[]>> = {};
    const events: ReturnType<typeof normalizeEvent>[] = [];
    const add = (key: ResourceKey, objects: (KubeObject | undefined)[]) => {
      const seen = new Set(
        ((data[key] ?? []) as KubeObject[]).map(
          (o) => `${o.metadata?.namespace ?? ""}/${o.metadata?.name ?? ""}`,
        ),
      );
      for (const o of objects) {
        if (o === undefined) continue;
        const k = `${o.metadata?.namespace ?? ""}/${o.metadata?.name ?? ""}`;
        if (seen.has(k)) continue;
        seen.add(k);
        (data[key] ??= []).push(o);
      }
    };

    // Pod analyzer: list, then per pod the latest event where k8sgpt needs it, and parents of flagged pods.
    const pods = (await list("pods")) as Pod[];
    add("pods", pods);
    for (const pod of pods) {
      const ns = pod.metadata?.namespace;
      const statuses = [
        ...(pod.status?.initContainerStatuses ?? []),
        ...(pod.status?.containerStatuses ?? []),
      ];
      let flagged = pod.status?.phase === "Pending" || pod.status?.reason === "Evicted";
      for (const s of statuses) {
        const waitingCreating =
          s.state?.waiting?.reason === "ContainerCreating" && pod.status?.phase === "Pending";
        const unready =
          s.state?.waiting == null &&
          s.state?.terminated == null &&
          s.ready === false &&
          pod.status?.phase === "Running";
        if (waitingCreating || unready)
          events.push(...(await eventsOf(ns, pod.metadata?.name ?? "")));
        if (s.state?.waiting != null || (s.state?.terminated?.exitCode ?? 0) !== 0 || unready)
          flagged = true;
      }
      if (flagged) {
        let owner: KubeObject | undefined = pod;
        for (let depth = 0; depth < 4 && owner !== undefined; depth++) {
          const ref = owner.metadata?.ownerReferences?.find((r) =>
            ["ReplicaSet", "Deployment", "StatefulSet", "DaemonSet"].includes(r.kind),
          );
          if (ref === undefined) break;
          const key =
            ref.kind === "ReplicaSet"
              ? "replicasets"
              : ref.kind === "Deployment"
                ? "deployments"
                : ref.kind === "StatefulSet"
                  ? "statefulsets"
                  : "daemonsets";
          owner = await get(key, ns, ref.name);
          add(key, [owner]);
        }
      }
    }
    // The other core analyzers, each listing its own kinds.
    const daemonsets = await list("daemonsets");
    add("daemonsets", daemonsets);
    for (const ds of daemonsets)
      for (const s of (
        ds as { spec?: { template?: { spec?: { imagePullSecrets?: { name?: string }[] } } } }
      ).spec?.template?.spec?.imagePullSecrets ?? [])
        add("secrets", [await get("secrets", ds.metadata?.namespace, s.name ?? "")]);
    add("deployments", await list("deployments"));
    add("replicasets", await list("replicasets"));
    const pvcs = await list("persistentvolumeclaims");
    add("persistentvolumeclaims", pvcs);
    for (const pvc of pvcs)
      if ((pvc as { status?: { phase?: string } }).status?.phase === "Pending")
        events.push(...(await eventsOf(pvc.metadata?.namespace, pvc.metadata?.name ?? "")));
    const endpoints = (await list("endpoints")) as Endpoints[];
    add("endpoints", endpoints);
    for (const ep of endpoints) {
      add("services", [await get("services", ep.metadata?.namespace, ep.metadata?.name ?? "")]);
      events.push(...(await eventsOf(undefined, ep.metadata?.name ?? "")));
    }
    const ingresses = (await list("ingresses")) as Ingress[];
    add("ingresses", ingresses);
    for (const ing of ingresses) {
      const cls = ing.spec?.ingressClassName;
      if (cls != null) add("ingressclasses", [await get("ingressclasses", undefined, cls)]);
      for (const rule of ing.spec?.rules ?? [])
        for (const p of rule.http?.paths ?? [])
          if (p.backend?.service?.name !== undefined)
            add("services", [
              await get("services", ing.metadata?.namespace, p.backend.service.name),
            ]);
      for (const tls of ing.spec?.tls ?? [])
        if (tls.secretName !== undefined)
          add("secrets", [await get("secrets", ing.metadata?.namespace, tls.secretName)]);
    }
    const sets = (await list("statefulsets")) as StatefulSet[];
    add("statefulsets", sets);
    for (const sts of sets) {
      const ns = sts.metadata?.namespace;
      add("services", [await get("services", ns, sts.spec?.serviceName ?? "")]);
      for (const tpl of sts.spec?.volumeClaimTemplates ?? [])
        if (tpl.spec?.storageClassName != null)
          add("storageclasses", [
            await get("storageclasses", undefined, tpl.spec.storageClassName),
          ]);
      if (
        sts.spec?.replicas !== undefined &&
        sts.spec.replicas !== (sts.status?.availableReplicas ?? 0)
      )
        for (let i = 0; i < sts.spec.replicas; i++) {
          const pod = await get("pods", ns, `${sts.metadata?.name ?? ""}-${i}`);
          if (pod === undefined || (pod as Pod).status?.phase !== "Running") break;
        }
    }
    const jobs = await list("jobs");
    add("jobs", jobs);
    for (const job of jobs)
      if (((job as { status?: { failed?: number } }).status?.failed ?? 0) > 0)
        events.push(...(await eventsOf(job.metadata?.namespace, job.metadata?.name ?? "")));
    add("cronjobs", await list("cronjobs"));
    add("nodes", await list("nodes"));
    for (const key of [
      "mutatingwebhookconfigurations",
      "validatingwebhookconfigurations",
    ] as const) {
      const configs = (await list(key)) as WebhookConfiguration[];
      add(key, configs);
      for (const c of configs)
        for (const h of c.webhooks ?? []) {
          const svc = h.clientConfig?.service;
          if (svc != null) add("services", [await get("services", svc.namespace, svc.name ?? "")]);
        }
    }
    add("configmaps", await list("configmaps"));
    add("pods", await list("pods"));
    const core = new UnindexedSnapshot({
      data: { ...data, events },
      loaded: RESOURCE_KEYS,
      logs: apiLogSource(t),
    });
    const analysis = await analyzeSnapshot(core);

    // Correlation needs the rest of the picture: list what the analyzers did not.
    for (const key of RESOURCE_KEYS)
      if (key !== "events" && !(key in data)) add(key, await list(key));
    add("services", await list("services"));
    const allEvents = (await list("events")).map((e) => normalizeEvent(e));
    const full = new UnindexedSnapshot({
      data: { ...data, events: allEvents },
      loaded: RESOURCE_KEYS,
      logs: apiLogSource(t),
    });
    const candidates = await correlateSnapshot(full);
    return { analysis, candidates, requests };
  } finally {
    t.close();
  }
}
