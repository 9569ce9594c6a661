import { describeEvents } from "./describeEvents";
import { DescribeWriter } from "./describeWriter";
import { int, intOrString, list, rec, rfc1123z, str } from "./format";

type Rec = Record<string, unknown>;

/** `kubectl describe namespace`: status, then its ResourceQuotas and LimitRanges. */
export function describeNamespace(ns: Rec, quotas: Rec[], limitRanges: Rec[]): string {
  const w = new DescribeWriter();
  const meta = rec(ns.metadata);
  w.write(0, `Name:\t${str(meta.name)}\n`);
  w.labels("Labels", meta.labels);
  w.annotations("Annotations", meta.annotations);
  w.write(0, `Status:\t${str(rec(ns.status).phase)}\n`);
  w.write(0, "\n");
  if (quotas.length === 0) w.write(0, "No resource quota.\n");
  else {
    w.write(0, "Resource Quotas\n");
    for (const q of [...quotas].sort((a, b) =>
      str(rec(a.metadata).name) < str(rec(b.metadata).name) ? -1 : 1,
    )) {
      w.write(1, `Name:\t${str(rec(q.metadata).name)}\n`);
      w.write(1, "Resource\tUsed\tHard\n");
      w.write(1, "--------\t---\t---\n");
      const hard = rec(rec(q.status).hard);
      const used = rec(rec(q.status).used);
      for (const name of Object.keys(hard).sort())
        w.write(1, `${name}\t${str(used[name]) || "0"}\t${str(hard[name])}\n`);
    }
  }
  w.write(0, "\n");
  if (limitRanges.length === 0) w.write(0, "No LimitRange resource.\n");
  else {
    w.write(
      0,
      "Resource Limits\n Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n",
    );
    w.write(
      0,
      " ----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n",
    );
    for (const lr of limitRanges) {
      for (const item of list(rec(lr.spec).limits)) {
        const parts = ["min", "max", "defaultRequest", "default", "maxLimitRequestRatio"].map((k) =>
          rec(item[k]),
        );
        const names = [...new Set(parts.flatMap((p) => Object.keys(p)))].sort();
        for (const name of names) {
          w.write(
            0,
            ` ${str(item.type)}\t${name}\t${parts.map((p) => str(p[name]) || "-").join("\t")}\n`,
          );
        }
      }
    }
  }
  return w.toString();
}

const MODES: Readonly<Record<string, string>> = {
  ReadWriteOnce: "RWO",
  ReadOnlyMany: "ROX",
  ReadWriteMany: "RWX",
  ReadWriteOncePod: "RWOP",
};

/** `kubectl describe pvc`; `usedBy` = names of pods mounting the claim. */
export function describePvc(
  pvc: Rec,
  usedBy: string[],
  events: Rec[] | undefined,
  now: number,
): string {
  const w = new DescribeWriter();
  const meta = rec(pvc.metadata);
  const spec = rec(pvc.spec);
  const status = rec(pvc.status);
  const annotations = rec(meta.annotations);
  w.write(0, `Name:\t${str(meta.name)}\n`);
  w.write(0, `Namespace:\t${str(meta.namespace)}\n`);
  w.write(
    0,
    `StorageClass:\t${str(spec.storageClassName) || str(annotations["volume.beta.kubernetes.io/storage-class"])}\n`,
  );
  w.write(0, `Status:\t${str(status.phase)}\n`);
  w.write(0, `Volume:\t${str(spec.volumeName)}\n`);
  w.labels("Labels", meta.labels);
  w.annotations("Annotations", meta.annotations);
  w.write(
    0,
    `Finalizers:\t[${(Array.isArray(meta.finalizers) ? meta.finalizers.map(str) : []).join(" ")}]\n`,
  );
  const bound = str(spec.volumeName) !== "";
  const modes = Array.isArray(status.accessModes)
    ? status.accessModes.map((m) => MODES[str(m)] ?? str(m))
    : [];
  w.write(0, `Capacity:\t${bound ? str(rec(status.capacity).storage) : ""}\n`);
  w.write(0, `Access Modes:\t${bound ? modes.join(",") : ""}\n`);
  if (str(spec.volumeMode)) w.write(0, `VolumeMode:\t${str(spec.volumeMode)}\n`);
  w.write(0, "Used By:\t");
  if (usedBy.length === 0) w.append("<none>\n");
  usedBy.forEach((name, i) => {
    if (i !== 0) w.write(0, "\t");
    w.append(`${name}\n`);
  });
  describeEvents(w, events, now);
  return w.toString();
}

/** `kubectl describe ingress` (networking.k8s.io/v1); `backend` describes one service backend. */
export function describeIngress(
  ing: Rec,
  backend: (service: Rec) => string,
  events: Rec[] | undefined,
  now: number,
): string {
  const w = new DescribeWriter();
  const meta = rec(ing.metadata);
  const spec = rec(ing.spec);
  w.write(0, `Name:\t${str(meta.name)}\n`);
  w.labels("Labels", meta.labels);
  w.write(0, `Namespace:\t${str(meta.namespace)}\n`);
  const address = list(rec(rec(ing.status).loadBalancer).ingress)
    .map((i) => str(i.ip) || str(i.hostname))
    .join(",");
  w.write(0, `Address:\t${address}\n`);
  w.write(0, `Ingress Class:\t${str(spec.ingressClassName) || "<none>"}\n`);
  const describeBackend = (b: Rec): string =>
    b.service !== undefined
      ? backend(rec(b.service))
      : b.resource !== undefined
        ? `APIGroup: ${str(rec(b.resource).apiGroup)}, Kind: ${str(rec(b.resource).kind)}, Name: ${str(rec(b.resource).name)}`
        : "";
  const defaultBackend =
    spec.defaultBackend !== undefined ? describeBackend(rec(spec.defaultBackend)) : "<default>";
  w.write(0, `Default backend:\t${defaultBackend}\n`);
  const tls = list(spec.tls);
  if (tls.length > 0) {
    w.write(0, "TLS:\n");
    for (const t of tls) {
      const hosts = (Array.isArray(t.hosts) ? t.hosts.map(str) : []).join(",");
      w.write(
        1,
        str(t.secretName) ? `${str(t.secretName)} terminates ${hosts}\n` : `SNI routes ${hosts}\n`,
      );
    }
  }
  w.write(0, "Rules:\n  Host\tPath\tBackends\n");
  w.write(1, "----\t----\t--------\n");
  let count = 0;
  for (const rule of list(spec.rules)) {
    if (rule.http === undefined) continue;
    count++;
    w.write(1, `${str(rule.host) || "*"}\t\n`);
    for (const path of list(rec(rule.http).paths)) {
      w.write(2, `\t${str(path.path)}\t${describeBackend(rec(path.backend))}\n`);
    }
  }
  if (count === 0) w.write(1, `*\t*\t${defaultBackend}\n`);
  w.annotations("Annotations", meta.annotations);
  describeEvents(w, events, now);
  return w.toString();
}

/** `serviceName:port` as kubectl writes an ingress backend. */
export function serviceBackend(service: Rec): string {
  const port = rec(service.port);
  return `${str(service.name)}:${typeof port.number === "number" ? port.number : str(port.name)}`;
}

/** `kubectl describe hpa` (autoscaling/v2). */
export function describeHpa(hpa: Rec, events: Rec[] | undefined, now: number): string {
  const w = new DescribeWriter();
  const meta = rec(hpa.metadata);
  const spec = rec(hpa.spec);
  const status = rec(hpa.status);
  const target = rec(spec.scaleTargetRef);
  w.write(0, `Name:\t${str(meta.name)}\n`);
  w.write(0, `Namespace:\t${str(meta.namespace)}\n`);
  w.labels("Labels", meta.labels);
  w.annotations("Annotations", meta.annotations);
  w.write(0, `CreationTimestamp:\t${rfc1123z(meta.creationTimestamp)}\n`);
  w.write(0, `Reference:\t${str(target.kind)}/${str(target.name)}\n`);
  w.write(0, "Metrics:\t( current / target )\n");
  const current = list(status.currentMetrics);
  list(spec.metrics).forEach((metric, i) => {
    const now_ = rec(current[i]);
    if (metric.type === "Resource" || metric.type === "ContainerResource") {
      const key = metric.type === "Resource" ? "resource" : "containerResource";
      const source = rec(metric[key]);
      const t = rec(source.target);
      const cur = rec(rec(now_[key]).current);
      const name = str(source.name);
      const on =
        metric.type === "Resource" ? "on pods" : `of container "${str(source.container)}" on pods`;
      if (t.averageValue !== undefined) {
        w.write(
          1,
          `resource ${name} ${on}:\t${str(cur.averageValue) || "<unknown>"} / ${str(t.averageValue)}\n`,
        );
      } else {
        const value =
          typeof cur.averageUtilization === "number"
            ? `${cur.averageUtilization}% (${str(cur.averageValue)})`
            : "<unknown>";
        const goal =
          typeof t.averageUtilization === "number" ? `${t.averageUtilization}%` : "<auto>";
        w.write(1, `resource ${name} ${on}  (as a percentage of request):\t${value} / ${goal}\n`);
      }
    } else {
      const source = rec(
        metric[str(metric.type).charAt(0).toLowerCase() + str(metric.type).slice(1)],
      );
      const m = rec(source.metric);
      const t = rec(source.target);
      w.write(
        1,
        `"${str(m.name)}" (${str(metric.type).toLowerCase()}):\t<unknown> / ${str(t.averageValue) || str(t.value) || intOrString(t.averageUtilization)}\n`,
      );
    }
  });
  w.write(
    0,
    `Min replicas:\t${typeof spec.minReplicas === "number" ? spec.minReplicas : "<unset>"}\n`,
  );
  w.write(0, `Max replicas:\t${int(spec.maxReplicas)}\n`);
  if (spec.behavior !== undefined) {
    w.write(0, "Behavior:\n");
    for (const [title, key] of [
      ["Scale Up", "scaleUp"],
      ["Scale Down", "scaleDown"],
    ] as const) {
      const rules = rec(spec.behavior)[key];
      if (rules === undefined) continue;
      const r = rec(rules);
      w.write(1, `${title}:\n`);
      if (typeof r.stabilizationWindowSeconds === "number")
        w.write(2, `Stabilization Window: ${r.stabilizationWindowSeconds} seconds\n`);
      const policies = list(r.policies);
      if (policies.length > 0) {
        w.write(2, `Select Policy: ${str(r.selectPolicy) || "Max"}\n`);
        w.write(2, "Policies:\n");
        for (const p of policies)
          w.write(
            3,
            `- Type: ${str(p.type)}\tValue: ${int(p.value)}\tPeriod: ${int(p.periodSeconds)} seconds\n`,
          );
      }
    }
  }
  w.write(
    0,
    `${str(target.kind)} pods:\t${int(status.currentReplicas)} current / ${int(status.desiredReplicas)} desired\n`,
  );
  const conditions = list(status.conditions);
  if (conditions.length > 0) {
    w.write(0, "Conditions:\n");
    w.write(1, "Type\tStatus\tReason\tMessage\n");
    w.write(1, "----\t------\t------\t-------\n");
    for (const c of conditions)
      w.write(1, `${str(c.type)}\t${str(c.status)}\t${str(c.reason)}\t${str(c.message)}\n`);
  }
  describeEvents(w, events, now);
  return w.toString();
}
