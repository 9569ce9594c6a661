import { asObject, asObjects, asString, type KubeObject } from "../../util/json";
import { age } from "../human-duration";
import { AGE, col, NAME, type TableSpec } from "../table-spec";

export const nodeTable: TableSpec = {
  columns: [
    NAME,
    col("Status", "The status of the node"),
    col("Roles", "The roles of the node"),
    AGE,
    col("Version", "Kubelet Version reported by the node."),
    col(
      "Internal-IP",
      "List of addresses reachable to the node. Queried from cloud provider, if available.",
      { priority: 1 },
    ),
    col(
      "External-IP",
      "List of addresses reachable to the node. Queried from cloud provider, if available.",
      { priority: 1 },
    ),
    col(
      "OS-Image",
      "OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).",
      { priority: 1 },
    ),
    col(
      "Kernel-Version",
      "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).",
      { priority: 1 },
    ),
    col(
      "Container-Runtime",
      "ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.4.2).",
      { priority: 1 },
    ),
  ],
  cells: (o, now) => {
    const status = asObject(o.status);
    const info = asObject(status.nodeInfo);
    const address = (type: string): string =>
      asString(asObjects(status.addresses).find((a) => a.type === type)?.address) || "<none>";
    return [
      o.metadata.name,
      nodeStatus(o),
      nodeRoles(o),
      age(o.metadata.creationTimestamp, now),
      asString(info.kubeletVersion),
      address("InternalIP"),
      address("ExternalIP"),
      asString(info.osImage) || "<unknown>",
      asString(info.kernelVersion) || "<unknown>",
      asString(info.containerRuntimeVersion) || "<unknown>",
    ];
  },
};

/** "Ready", "NotReady", "Unknown", plus ",SchedulingDisabled" when cordoned. */
function nodeStatus(o: KubeObject): string {
  const ready = asObjects(asObject(o.status).conditions).find((c) => c.type === "Ready");
  const parts = [ready === undefined ? "Unknown" : ready.status === "True" ? "Ready" : "NotReady"];
  if (asObject(o.spec).unschedulable === true) parts.push("SchedulingDisabled");
  return parts.join(",");
}

function nodeRoles(o: KubeObject): string {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(o.metadata.labels ?? {})) {
    if (k.startsWith("node-role.kubernetes.io/"))
      roles.add(k.slice("node-role.kubernetes.io/".length));
    else if (k === "kubernetes.io/role" && v !== "") roles.add(v);
  }
  return roles.size === 0 ? "<none>" : [...roles].sort().join(",");
}
