import { age } from "../../model/humanDuration";
import { parseQuantity } from "../../model/quantity";
import { describeEvents } from "./describeEvents";
import { DescribeWriter } from "./describeWriter";
import { list, rec, rfc1123z, str } from "./format";
import { formatQuantity } from "./quantityText";

type Rec = Record<string, unknown>;

export interface NodeExtras {
  /** Pods bound to the node that are neither Succeeded nor Failed. */
  pods: Rec[];
  /** The node's Lease (kube-node-lease), or the error text when it could not be read. */
  lease: Rec | string;
}

/** `kubectl describe node`: conditions, addresses, capacity, system info, non-terminated pods, allocation. */
export function describeNode(
  node: Rec,
  extras: NodeExtras,
  events: Rec[] | undefined,
  now: number,
): string {
  const w = new DescribeWriter();
  const meta = rec(node.metadata);
  const spec = rec(node.spec);
  const status = rec(node.status);
  w.write(0, `Name:\t${str(meta.name)}\n`);
  const roles = Object.keys(rec(meta.labels))
    .flatMap((k) =>
      k.startsWith("node-role.kubernetes.io/")
        ? [k.slice("node-role.kubernetes.io/".length)]
        : k === "kubernetes.io/role"
          ? [str(rec(meta.labels)[k])]
          : [],
    )
    .filter((r) => r !== "")
    .sort();
  w.write(0, `Roles:\t${roles.length > 0 ? roles.join(",") : "<none>"}\n`);
  w.labels("Labels", meta.labels);
  w.annotations("Annotations", meta.annotations);
  w.write(0, `CreationTimestamp:\t${rfc1123z(meta.creationTimestamp)}\n`);
  // Sorted by effect, then key, as kubectl prints them.
  const taints = [...list(spec.taints)].sort((a, b) => {
    const x = `${str(a.effect)},${str(a.key)}`;
    const y = `${str(b.effect)},${str(b.key)}`;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  w.write(0, "Taints:\t");
  if (taints.length === 0) w.append("<none>\n");
  taints.forEach((t, i) => {
    if (i !== 0) w.write(0, "\t");
    w.append(`${str(t.key)}${str(t.value) ? `=${str(t.value)}` : ""}:${str(t.effect)}\n`);
  });
  w.write(0, `Unschedulable:\t${spec.unschedulable === true}\n`);
  if (typeof extras.lease === "string")
    w.write(0, `Lease:\tFailed to get lease: ${extras.lease}\n`);
  else {
    const leaseSpec = rec(extras.lease.spec);
    w.write(0, "Lease:\n");
    w.write(1, `HolderIdentity:\t${str(leaseSpec.holderIdentity) || "<unset>"}\n`);
    w.write(
      1,
      `AcquireTime:\t${leaseSpec.acquireTime ? rfc1123z(leaseSpec.acquireTime) : "<unset>"}\n`,
    );
    w.write(1, `RenewTime:\t${leaseSpec.renewTime ? rfc1123z(leaseSpec.renewTime) : "<unset>"}\n`);
  }
  const conditions = list(status.conditions);
  if (conditions.length > 0) {
    w.write(
      0,
      "Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n",
    );
    w.write(1, "----\t------\t-----------------\t------------------\t------\t-------\n");
    for (const c of conditions) {
      w.write(
        1,
        `${str(c.type)} \t${str(c.status)} \t${rfc1123z(c.lastHeartbeatTime)} \t${rfc1123z(c.lastTransitionTime)} \t${str(c.reason)} \t${str(c.message)}\n`,
      );
    }
  }
  w.write(0, "Addresses:\n");
  for (const a of list(status.addresses)) w.write(1, `${str(a.type)}:\t${str(a.address)}\n`);
  for (const [title, key] of [
    ["Capacity", "capacity"],
    ["Allocatable", "allocatable"],
  ] as const) {
    const resources = Object.entries(rec(status[key])).sort(([a], [b]) => (a < b ? -1 : 1));
    if (resources.length === 0) continue;
    w.write(0, `${title}:\n`);
    for (const [name, value] of resources) w.write(0, `  ${name}:\t${str(value)}\n`);
  }
  const info = rec(status.nodeInfo);
  w.write(0, "System Info:\n");
  for (const [label, key] of [
    ["Machine ID", "machineID"],
    ["System UUID", "systemUUID"],
    ["Boot ID", "bootID"],
    ["Kernel Version", "kernelVersion"],
    ["OS Image", "osImage"],
    ["Operating System", "operatingSystem"],
    ["Architecture", "architecture"],
    ["Container Runtime Version", "containerRuntimeVersion"],
    ["Kubelet Version", "kubeletVersion"],
    ["Kube-Proxy Version", "kubeProxyVersion"],
  ] as const) {
    w.write(0, `  ${label}:\t${str(info[key])}\n`);
  }
  if (str(spec.podCIDR)) w.write(0, `PodCIDR:\t${str(spec.podCIDR)}\n`);
  const cidrs = Array.isArray(spec.podCIDRs) ? spec.podCIDRs.map(str) : [];
  if (cidrs.length > 0) w.write(0, `PodCIDRs:\t${cidrs.join(",")}\n`);
  if (str(spec.providerID)) w.write(0, `ProviderID:\t${str(spec.providerID)}\n`);
  describeNodeResources(w, node, extras.pods, now);
  describeEvents(w, events, now);
  return w.toString();
}

function describeNodeResources(w: DescribeWriter, node: Rec, pods: Rec[], now: number): void {
  const status = rec(node.status);
  const allocatable =
    Object.keys(rec(status.allocatable)).length > 0
      ? rec(status.allocatable)
      : rec(status.capacity);
  const cpuTotal = parseQuantity(allocatable.cpu) ?? 0;
  const memTotal = parseQuantity(allocatable.memory) ?? 0;
  const pct = (value: number, total: number): number =>
    total > 0 ? Math.trunc((value / total) * 100) : 0;
  w.write(0, `Non-terminated Pods:\t(${pods.length} in total)\n`);
  w.write(1, "Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n");
  w.write(1, "---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n");
  const totals = {
    cpuReq: [] as string[],
    cpuLim: [] as string[],
    memReq: [] as string[],
    memLim: [] as string[],
  };
  for (const pod of pods) {
    const r = podRequests(pod);
    totals.cpuReq.push(...r.cpuReq);
    totals.cpuLim.push(...r.cpuLim);
    totals.memReq.push(...r.memReq);
    totals.memLim.push(...r.memLim);
    const meta = rec(pod.metadata);
    const cpuReq = formatQuantity(r.cpuReq, "cpu");
    const cpuLim = formatQuantity(r.cpuLim, "cpu");
    const memReq = formatQuantity(r.memReq, "memory");
    const memLim = formatQuantity(r.memLim, "memory");
    w.write(
      1,
      `${str(meta.namespace)}\t${str(meta.name)}\t\t${cpuReq.text} (${pct(cpuReq.value, cpuTotal)}%)\t${cpuLim.text} (${pct(cpuLim.value, cpuTotal)}%)\t${memReq.text} (${pct(memReq.value, memTotal)}%)\t${memLim.text} (${pct(memLim.value, memTotal)}%)\t${age(meta.creationTimestamp, now)}\n`,
    );
  }
  w.write(
    0,
    "Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n",
  );
  w.write(1, "Resource\tRequests\tLimits\n");
  w.write(1, "--------\t--------\t------\n");
  const cpuReq = formatQuantity(totals.cpuReq, "cpu");
  const cpuLim = formatQuantity(totals.cpuLim, "cpu");
  const memReq = formatQuantity(totals.memReq, "memory");
  const memLim = formatQuantity(totals.memLim, "memory");
  w.write(
    1,
    `cpu\t${cpuReq.text} (${pct(cpuReq.value, cpuTotal)}%)\t${cpuLim.text} (${pct(cpuLim.value, cpuTotal)}%)\n`,
  );
  w.write(
    1,
    `memory\t${memReq.text} (${pct(memReq.value, memTotal)}%)\t${memLim.text} (${pct(memLim.value, memTotal)}%)\n`,
  );
  for (const name of Object.keys(allocatable).sort()) {
    if (name === "ephemeral-storage" || name.startsWith("hugepages-"))
      w.write(1, `${name}\t0 (0%)\t0 (0%)\n`);
  }
}

/**
 * The fields of a pod the node's pod table reads (names, age, container
 * requests and limits): the pods are listed cluster-wide with whole specs,
 * and picking first spares redacting and copying the rest.
 */
export function nodePodFields(pod: Rec): Rec {
  const meta = rec(pod.metadata);
  const spec = rec(pod.spec);
  const resources = (c: Rec): Rec => ({ resources: c.resources });
  return {
    metadata: {
      name: meta.name,
      namespace: meta.namespace,
      creationTimestamp: meta.creationTimestamp,
    },
    spec: {
      containers: list(spec.containers).map(resources),
      initContainers: list(spec.initContainers).map(resources),
    },
  };
}

/** Sum of container requests/limits, at least the largest init container's (PodRequestsAndLimits). */
function podRequests(pod: Rec): {
  cpuReq: string[];
  cpuLim: string[];
  memReq: string[];
  memLim: string[];
} {
  const spec = rec(pod.spec);
  const pick = (containers: Rec[], kind: "requests" | "limits", name: string): string[] =>
    containers.map((c) => str(rec(rec(c.resources)[kind])[name])).filter((q) => q !== "");
  const containers = list(spec.containers);
  const out = {
    cpuReq: pick(containers, "requests", "cpu"),
    cpuLim: pick(containers, "limits", "cpu"),
    memReq: pick(containers, "requests", "memory"),
    memLim: pick(containers, "limits", "memory"),
  };
  // An init container asking for more than all regular containers together raises the pod's figure.
  for (const init of list(spec.initContainers)) {
    for (const [key, kind, name] of [
      ["cpuReq", "requests", "cpu"],
      ["cpuLim", "limits", "cpu"],
      ["memReq", "requests", "memory"],
      ["memLim", "limits", "memory"],
    ] as const) {
      const value = str(rec(rec(init.resources)[kind])[name]);
      const sum = out[key].reduce((n, q) => n + (parseQuantity(q) ?? 0), 0);
      if (value !== "" && (parseQuantity(value) ?? 0) > sum) out[key] = [value];
    }
  }
  return out;
}
