import { formatLabelSelector } from "../../model/labelSelector";
import { age } from "../../model/humanDuration";
import type { KubeTable, TableColumn } from "../table";
import { podSummary } from "./podStatus";

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === "object" && v !== null ? (v as Rec) : {});
const list = (v: unknown): Rec[] => (Array.isArray(v) ? v.map(rec) : []);
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const none = (v: string): string => (v === "" ? "<none>" : v);

type Printer = { columns: TableColumn[]; row: (o: Rec, now: number) => unknown[] };

const col = (name: string, priority = 0, format?: string): TableColumn => ({
  name,
  priority,
  ...(format === undefined ? {} : { format }),
});
const NAME = col("Name", 0, "name");
const AGE = col("Age");
const meta = (o: Rec): Rec => rec(o.metadata);

/**
 * Our own columns for servers that answer a list instead of a Table (kubectl
 * would then print only NAME and AGE). The common kinds get kubectl's usual
 * columns; every other kind gets NAME and AGE.
 */
const PRINTERS: Readonly<Record<string, Printer>> = {
  Pod: {
    columns: [
      NAME,
      col("Ready"),
      col("Status"),
      col("Restarts"),
      AGE,
      col("IP", 1),
      col("Node", 1),
      col("Nominated Node", 1),
      col("Readiness Gates", 1),
    ],
    row: (o, now) => {
      const s = podSummary(o, now);
      const status = rec(o.status);
      const gates = list(rec(o.spec).readinessGates);
      return [
        str(meta(o).name),
        s.ready,
        s.status,
        s.restarts,
        age(meta(o).creationTimestamp, now),
        none(str(status.podIP)),
        none(str(rec(o.spec).nodeName)),
        none(str(status.nominatedNodeName)),
        gates.length === 0 ? "<none>" : `${gates.length}`,
      ];
    },
  },
  Deployment: {
    columns: [
      NAME,
      col("Ready"),
      col("Up-to-date"),
      col("Available"),
      AGE,
      col("Containers", 1),
      col("Images", 1),
      col("Selector", 1),
    ],
    row: (o, now) => {
      const spec = rec(o.spec);
      const status = rec(o.status);
      const containers = list(rec(rec(spec.template).spec).containers);
      return [
        str(meta(o).name),
        `${Number(status.readyReplicas ?? 0)}/${Number(spec.replicas ?? 1)}`,
        Number(status.updatedReplicas ?? 0),
        Number(status.availableReplicas ?? 0),
        age(meta(o).creationTimestamp, now),
        containers.map((c) => str(c.name)).join(","),
        containers.map((c) => str(c.image)).join(","),
        none(formatLabelSelector(spec.selector)),
      ];
    },
  },
  Service: {
    columns: [
      NAME,
      col("Type"),
      col("Cluster-IP"),
      col("External-IP"),
      col("Port(s)"),
      AGE,
      col("Selector", 1),
    ],
    row: (o, now) => {
      const spec = rec(o.spec);
      const ports = list(spec.ports).map((p) => {
        const node = typeof p.nodePort === "number" ? `:${p.nodePort}` : "";
        return `${typeof p.port === "number" ? p.port : str(p.port)}${node}/${str(p.protocol) || "TCP"}`;
      });
      const ingress = list(rec(rec(o.status).loadBalancer).ingress).map(
        (i) => str(i.ip) || str(i.hostname),
      );
      const external = [
        ...ingress,
        ...(Array.isArray(spec.externalIPs) ? spec.externalIPs.map(str) : []),
      ];
      const selector = Object.entries(rec(spec.selector))
        .map(([k, v]) => `${k}=${str(v)}`)
        .sort()
        .join(",");
      return [
        str(meta(o).name),
        str(spec.type) || "ClusterIP",
        none(str(spec.clusterIP)),
        external.length > 0
          ? external.join(",")
          : spec.type === "LoadBalancer"
            ? "<pending>"
            : "<none>",
        ports.length > 0 ? ports.join(",") : "<none>",
        age(meta(o).creationTimestamp, now),
        none(selector),
      ];
    },
  },
  Node: {
    columns: [NAME, col("Status"), col("Roles"), AGE, col("Version")],
    row: (o, now) => {
      const ready = list(rec(o.status).conditions).find((c) => c.type === "Ready");
      let status = ready?.status === "True" ? "Ready" : ready ? "NotReady" : "Unknown";
      if (rec(o.spec).unschedulable === true) status += ",SchedulingDisabled";
      const roles = Object.keys(rec(meta(o).labels))
        .filter((k) => k.startsWith("node-role.kubernetes.io/"))
        .map((k) => k.slice("node-role.kubernetes.io/".length))
        .sort();
      return [
        str(meta(o).name),
        status,
        none(roles.join(",")),
        age(meta(o).creationTimestamp, now),
        str(rec(rec(o.status).nodeInfo).kubeletVersion),
      ];
    },
  },
  Namespace: {
    columns: [NAME, col("Status"), AGE],
    row: (o, now) => [
      str(meta(o).name),
      str(rec(o.status).phase) || "Active",
      age(meta(o).creationTimestamp, now),
    ],
  },
};

const GENERIC: Printer = {
  columns: [NAME, AGE],
  row: (o, now) => [str(meta(o).name), age(meta(o).creationTimestamp, now)],
};

export function fallbackTable(kind: string, items: unknown[], now = Date.now()): KubeTable {
  const printer = PRINTERS[kind] ?? GENERIC;
  return {
    columns: printer.columns,
    rows: items.map((item) => ({ cells: printer.row(rec(item), now), object: rec(item) })),
  };
}
