import { describeEvents } from "./describeEvents";
import { DescribeWriter } from "./describeWriter";
import { formatSelectorMap, int, intOrString, list, rec, str } from "./format";

type Rec = Record<string, unknown>;

/**
 * `kubectl describe service`. The Endpoints line comes from the Service's
 * EndpointSlices (label `kubernetes.io/service-name`), as kubectl 1.32 reads it.
 */
export function describeService(
  svc: Rec,
  slices: Rec[],
  events: Rec[] | undefined,
  now: number,
): string {
  const w = new DescribeWriter();
  const meta = rec(svc.metadata);
  const spec = rec(svc.spec);
  w.write(0, `Name:\t${str(meta.name)}\n`);
  w.write(0, `Namespace:\t${str(meta.namespace)}\n`);
  w.labels("Labels", meta.labels);
  w.annotations("Annotations", meta.annotations);
  w.write(0, `Selector:\t${formatSelectorMap(spec.selector)}\n`);
  w.write(0, `Type:\t${str(spec.type)}\n`);
  if (str(spec.ipFamilyPolicy)) w.write(0, `IP Family Policy:\t${str(spec.ipFamilyPolicy)}\n`);
  const families = Array.isArray(spec.ipFamilies) ? spec.ipFamilies.map(str) : [];
  w.write(0, `IP Families:\t${families.length > 0 ? families.join(",") : "<none>"}\n`);
  w.write(0, `IP:\t${str(spec.clusterIP)}\n`);
  const ips = Array.isArray(spec.clusterIPs) ? spec.clusterIPs.map(str) : [];
  w.write(0, `IPs:\t${ips.length > 0 ? ips.join(",") : "<none>"}\n`);
  const external = Array.isArray(spec.externalIPs) ? spec.externalIPs.map(str) : [];
  if (external.length > 0) w.write(0, `External IPs:\t${external.join(",")}\n`);
  if (str(spec.loadBalancerIP)) w.write(0, `IP:\t${str(spec.loadBalancerIP)}\n`);
  if (str(spec.externalName)) w.write(0, `External Name:\t${str(spec.externalName)}\n`);
  const ingress = list(rec(rec(svc.status).loadBalancer).ingress);
  if (ingress.length > 0) {
    w.write(
      0,
      `LoadBalancer Ingress:\t${ingress.map((i) => str(i.ip) || str(i.hostname)).join(", ")}\n`,
    );
  }
  for (const p of list(spec.ports)) {
    const name = str(p.name) || "<unset>";
    const protocol = str(p.protocol) || "TCP";
    w.write(0, `Port:\t${name}\t${int(p.port)}/${protocol}\n`);
    w.write(0, `TargetPort:\t${intOrString(p.targetPort ?? p.port)}/${protocol}\n`);
    if (int(p.nodePort) !== 0) w.write(0, `NodePort:\t${name}\t${int(p.nodePort)}/${protocol}\n`);
    w.write(0, `Endpoints:\t${formatEndpointSlices(slices, str(p.name))}\n`);
  }
  w.write(0, `Session Affinity:\t${str(spec.sessionAffinity)}\n`);
  if (str(spec.externalTrafficPolicy))
    w.write(0, `External Traffic Policy:\t${str(spec.externalTrafficPolicy)}\n`);
  if (str(spec.internalTrafficPolicy))
    w.write(0, `Internal Traffic Policy:\t${str(spec.internalTrafficPolicy)}\n`);
  if (int(spec.healthCheckNodePort) !== 0)
    w.write(0, `HealthCheck NodePort:\t${int(spec.healthCheckNodePort)}\n`);
  const ranges = Array.isArray(spec.loadBalancerSourceRanges)
    ? spec.loadBalancerSourceRanges.map(str)
    : [];
  if (ranges.length > 0) w.write(0, `LoadBalancer Source Ranges:\t${ranges.join(",")}\n`);
  describeEvents(w, events, now);
  return w.toString();
}

/**
 * Up to three `address:port` of the slices' ready endpoints for the named port,
 * then `+ N more...`; `<none>` without slices; empty when the slices hold no
 * endpoint (`endpoints: null`), exactly what kubectl prints.
 */
export function formatEndpointSlices(slices: Rec[], portName: string): string {
  if (slices.length === 0) return "<none>";
  const max = 3;
  const out: string[] = [];
  let count = 0;
  let more = false;
  const add = (text: string): void => {
    if (out.length === max) more = true;
    if (!more) out.push(text);
    count++;
  };
  for (const slice of slices) {
    // Only endpoints that are ready (or say nothing) serve traffic; kubectl lists only those.
    const endpoints = list(slice.endpoints).filter((e) => rec(e.conditions).ready !== false);
    const ports = list(slice.ports);
    if (ports.length === 0) {
      for (const e of endpoints) add(str((e.addresses as unknown[] | undefined)?.[0]));
      continue;
    }
    for (const port of ports) {
      if (str(port.name) !== portName) continue;
      for (const e of endpoints) {
        const ip = str((e.addresses as unknown[] | undefined)?.[0]);
        add(`${ip.includes(":") ? `[${ip}]` : ip}:${int(port.port)}`);
      }
    }
  }
  const text = out.join(",");
  return more ? `${text} + ${count - max} more...` : text;
}
