import { age } from "../../model/humanDuration";
import { describeContainers } from "./containers";
import { describeEvents } from "./describeEvents";
import { DescribeWriter } from "./describeWriter";
import { list, rec, rfc1123z, str } from "./format";
import { describeVolumes } from "./volumes";

type Rec = Record<string, unknown>;

/** `kubectl describe pod`, section for section. `events` undefined = --show-events=false. */
export function describePod(pod: Rec, events: Rec[] | undefined, now: number): string {
  const w = new DescribeWriter();
  const meta = rec(pod.metadata);
  const spec = rec(pod.spec);
  const status = rec(pod.status);
  w.write(0, `Name:\t${str(meta.name)}\n`);
  w.write(0, `Namespace:\t${str(meta.namespace)}\n`);
  if (typeof spec.priority === "number") w.write(0, `Priority:\t${spec.priority}\n`);
  if (str(spec.priorityClassName))
    w.write(0, `Priority Class Name:\t${str(spec.priorityClassName)}\n`);
  if (str(spec.runtimeClassName))
    w.write(0, `Runtime Class Name:\t${str(spec.runtimeClassName)}\n`);
  if (str(spec.serviceAccountName))
    w.write(0, `Service Account:\t${str(spec.serviceAccountName)}\n`);
  w.write(
    0,
    `Node:\t${str(spec.nodeName) ? `${str(spec.nodeName)}/${str(status.hostIP)}` : "<none>"}\n`,
  );
  if (status.startTime !== undefined) w.write(0, `Start Time:\t${rfc1123z(status.startTime)}\n`);
  w.labels("Labels", meta.labels);
  w.annotations("Annotations", meta.annotations);
  if (meta.deletionTimestamp !== undefined) {
    w.write(0, `Status:\tTerminating (lasts ${durationSince(meta.deletionTimestamp, now)})\n`);
    w.write(0, `Termination Grace Period:\t${str(meta.deletionGracePeriodSeconds) || "0"}s\n`);
  } else w.write(0, `Status:\t${str(status.phase)}\n`);
  if (str(status.reason)) w.write(0, `Reason:\t${str(status.reason)}\n`);
  if (str(status.message)) w.write(0, `Message:\t${str(status.message)}\n`);
  const seccomp = rec(rec(spec.securityContext).seccompProfile);
  if (str(seccomp.type)) {
    w.write(0, `SeccompProfile:\t${str(seccomp.type)}\n`);
    if (str(seccomp.localhostProfile))
      w.write(0, `LocalhostProfile:\t${str(seccomp.localhostProfile)}\n`);
  }
  w.write(0, `IP:\t${str(status.podIP)}\n`);
  const ips = list(status.podIPs);
  if (ips.length === 0) w.write(0, "IPs:\t<none>\n");
  else {
    w.write(0, "IPs:\n");
    for (const ip of ips) w.write(1, `IP:\t${str(ip.ip)}\n`);
  }
  const controller = list(meta.ownerReferences).find((r) => r.controller === true);
  if (controller) w.write(0, `Controlled By:\t${str(controller.kind)}/${str(controller.name)}\n`);
  if (str(status.nominatedNodeName))
    w.write(0, `NominatedNodeName:\t${str(status.nominatedNodeName)}\n`);
  const init = list(spec.initContainers);
  if (init.length > 0) {
    describeContainers(w, "Init Containers", init, list(status.initContainerStatuses), "", pod);
  }
  describeContainers(
    w,
    "Containers",
    list(spec.containers),
    list(status.containerStatuses),
    "",
    pod,
  );
  const ephemeral = list(spec.ephemeralContainers);
  if (ephemeral.length > 0) {
    describeContainers(
      w,
      "Ephemeral Containers",
      ephemeral,
      list(status.ephemeralContainerStatuses),
      "",
      pod,
    );
  }
  const gates = list(spec.readinessGates);
  if (gates.length > 0) {
    w.write(0, "Readiness Gates:\n  Type\tStatus\n");
    for (const gate of gates) {
      const condition = list(status.conditions).find((c) => c.type === gate.conditionType);
      w.write(1, `${str(gate.conditionType)} \t${condition ? str(condition.status) : "<none>"} \n`);
    }
  }
  const conditions = list(status.conditions);
  if (conditions.length > 0) {
    w.write(0, "Conditions:\n  Type\tStatus\n");
    for (const c of conditions) w.write(1, `${str(c.type)} \t${str(c.status)} \n`);
  }
  describeVolumes(w, list(spec.volumes), "");
  w.write(0, `QoS Class:\t${str(status.qosClass) || qosClass(spec)}\n`);
  w.labels("Node-Selectors", spec.nodeSelector);
  tolerations(w, "Tolerations", list(spec.tolerations));
  topologySpread(w, list(spec.topologySpreadConstraints), "");
  describeEvents(w, events, now);
  return w.toString();
}

/** printPodTolerationsMultiline. */
export function tolerations(w: DescribeWriter, title: string, items: Rec[]): void {
  w.write(0, `${title}:\t`);
  if (items.length === 0) {
    w.append("<none>\n");
    return;
  }
  items.forEach((t, i) => {
    if (i !== 0) w.write(0, "\t");
    let text = str(t.key);
    if (str(t.value)) text += `=${str(t.value)}`;
    if (str(t.effect)) text += `:${str(t.effect)}`;
    if (t.operator === "Exists" && !str(t.value))
      text += str(t.key) || str(t.effect) ? " op=Exists" : "op=Exists";
    if (typeof t.tolerationSeconds === "number") text += ` for ${t.tolerationSeconds}s`;
    w.append(`${text}\n`);
  });
}

export function topologySpread(w: DescribeWriter, items: Rec[], space: string): void {
  if (items.length === 0) return;
  w.write(0, `${space}Topology Spread Constraints:\t`);
  items.forEach((c, i) => {
    if (i !== 0) w.write(0, `${space}\t`);
    const selector = Object.entries(rec(rec(c.labelSelector).matchLabels))
      .map(([k, v]) => `${k}=${str(v)}`)
      .sort()
      .join(",");
    w.append(
      `${str(c.topologyKey)}:${str(c.whenUnsatisfiable)} when max skew ${str(c.maxSkew)} is exceeded for selector ${selector}\n`,
    );
  });
}

function qosClass(spec: Rec): string {
  const containers = [...list(spec.containers), ...list(spec.initContainers)];
  let any = false;
  let guaranteed = true;
  for (const c of containers) {
    const resources = rec(c.resources);
    const requests = rec(resources.requests);
    const limits = rec(resources.limits);
    if (Object.keys(requests).length > 0 || Object.keys(limits).length > 0) any = true;
    for (const name of ["cpu", "memory"]) {
      const limit = str(limits[name]);
      const request = str(requests[name]) || limit;
      if (!limit || request !== limit) guaranteed = false;
    }
  }
  if (!any) return "BestEffort";
  return guaranteed ? "Guaranteed" : "Burstable";
}

function durationSince(timestamp: unknown, now: number): string {
  return age(timestamp, now);
}
