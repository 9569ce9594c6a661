import { asObject, asObjects, asString, stringMap } from "../../util/json";
import { age } from "../human-duration";
import { AGE, col, formatLabels, NAME, type TableSpec } from "../table-spec";

export const serviceTable: TableSpec = {
  columns: [
    NAME,
    col("Type", "The type of the service: ClusterIP, NodePort, LoadBalancer or ExternalName."),
    col("Cluster-IP", "The IP address of the service, usually assigned randomly."),
    col("External-IP", "The list of external IPs of the service."),
    col("Port(s)", "The ports the service exposes."),
    AGE,
    col(
      "Selector",
      "Route service traffic to pods with label keys and values matching this selector.",
      { priority: 1 },
    ),
  ],
  cells: (o, now) => {
    const spec = asObject(o.spec);
    const type = asString(spec.type, "ClusterIP");
    return [
      o.metadata.name,
      type,
      asString(spec.clusterIP) || "<none>",
      externalIp(type, spec, asObject(o.status)),
      ports(spec),
      age(o.metadata.creationTimestamp, now),
      formatLabels(stringMap(spec.selector)),
    ];
  },
};

function externalIp(
  type: string,
  spec: Record<string, unknown>,
  status: Record<string, unknown>,
): string {
  const external = Array.isArray(spec.externalIPs) ? spec.externalIPs.map(String) : [];
  switch (type) {
    case "ExternalName":
      return asString(spec.externalName) || "<none>";
    case "LoadBalancer": {
      const lb = asObjects(asObject(status.loadBalancer).ingress).map(
        (i) => asString(i.ip) || asString(i.hostname),
      );
      const all = [...lb, ...external].filter((x) => x !== "");
      return all.length > 0 ? all.join(",") : "<pending>";
    }
    default:
      return external.length > 0 ? external.join(",") : "<none>";
  }
}

function ports(spec: Record<string, unknown>): string {
  const list = asObjects(spec.ports).map((p) => {
    const protocol = asString(p.protocol, "TCP");
    const port = typeof p.port === "number" ? String(p.port) : "";
    return typeof p.nodePort === "number" && p.nodePort !== 0
      ? `${port}:${p.nodePort}/${protocol}`
      : `${port}/${protocol}`;
  });
  return list.length === 0 ? "<none>" : list.join(",");
}
