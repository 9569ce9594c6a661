import { asObject, asObjects, asString } from "../../util/json";
import { age } from "../human-duration";
import { AGE, col, NAME, type TableSpec } from "../table-spec";
import { formatSelector } from "./workload-helpers";

export const ingressTable: TableSpec = {
  columns: [
    NAME,
    col("Class", "The name of the IngressClass resource that should be used for ingress."),
    col("Hosts", "Hosts that incoming requests are matched against before the ingress rule"),
    col("Address", "Address is a list containing ingress points for the load-balancer"),
    col("Ports", "Ports of TLS configurations that open"),
    AGE,
  ],
  cells: (o, now) => {
    const spec = asObject(o.spec);
    const className =
      asString(spec.ingressClassName) ||
      (o.metadata.annotations?.["kubernetes.io/ingress.class"] ?? "") ||
      "<none>";
    const hosts = asObjects(spec.rules).map((r) => asString(r.host) || "*");
    const hostText =
      hosts.length === 0
        ? "*"
        : hosts.length > 3
          ? `${hosts.slice(0, 3).join(",")} + ${hosts.length - 3} more...`
          : hosts.join(",");
    const address = asObjects(asObject(asObject(o.status).loadBalancer).ingress)
      .map((i) => asString(i.ip) || asString(i.hostname))
      .filter((x) => x !== "")
      .join(",");
    const ports = asObjects(spec.tls).length > 0 ? "80, 443" : "80";
    return [
      o.metadata.name,
      className,
      hostText,
      address,
      ports,
      age(o.metadata.creationTimestamp, now),
    ];
  },
};

export const ingressClassTable: TableSpec = {
  columns: [
    NAME,
    col("Controller", "Controller that is responsible for handling this class"),
    col("Parameters", "A reference to a resource with additional parameters"),
    AGE,
  ],
  cells: (o, now) => {
    const spec = asObject(o.spec);
    const params = asObject(spec.parameters);
    const paramText =
      asString(params.name) === "" ? "<none>" : `${asString(params.kind)}/${asString(params.name)}`;
    return [
      o.metadata.name,
      asString(spec.controller),
      paramText,
      age(o.metadata.creationTimestamp, now),
    ];
  },
};

export const networkPolicyTable: TableSpec = {
  columns: [
    NAME,
    col("Pod-Selector", "Select the pods to which this NetworkPolicy object applies."),
    AGE,
  ],
  cells: (o, now) => [
    o.metadata.name,
    formatSelector(asObject(o.spec).podSelector),
    age(o.metadata.creationTimestamp, now),
  ],
};

export const endpointsTable: TableSpec = {
  columns: [NAME, col("Endpoints", "Endpoints of the service"), AGE],
  cells: (o, now) => {
    const all: string[] = [];
    for (const subset of asObjects(o.subsets)) {
      const ports = asObjects(subset.ports);
      for (const a of asObjects(subset.addresses)) {
        if (ports.length === 0) all.push(asString(a.ip));
        else for (const p of ports) all.push(`${asString(a.ip)}:${String(p.port)}`);
      }
    }
    const text =
      all.length === 0
        ? "<none>"
        : all.length > 3
          ? `${all.slice(0, 3).join(",")} + ${all.length - 3} more...`
          : all.join(",");
    return [o.metadata.name, text, age(o.metadata.creationTimestamp, now)];
  },
};

export const endpointSliceTable: TableSpec = {
  columns: [
    NAME,
    col("AddressType", "The IP protocol for this slice"),
    col("Ports", "The ports in this slice"),
    col("Endpoints", "The addresses in this slice"),
    AGE,
  ],
  cells: (o, now) => {
    const ports = asObjects(o.ports).map((p) => String(p.port));
    const addresses = asObjects(o.endpoints).flatMap((e) =>
      Array.isArray(e.addresses) ? e.addresses.map(String) : [],
    );
    const addrText =
      addresses.length === 0
        ? "<unset>"
        : addresses.length > 3
          ? `${addresses.slice(0, 3).join(",")} + ${addresses.length - 3} more...`
          : addresses.join(",");
    return [
      o.metadata.name,
      asString(o.addressType),
      ports.length === 0 ? "<unset>" : ports.join(","),
      addrText,
      age(o.metadata.creationTimestamp, now),
    ];
  },
};
