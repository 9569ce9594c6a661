import { asArray, asObject, asString } from "../../util/json";
import { age } from "../human-duration";
import { AGE, col, NAME, type TableSpec } from "../table-spec";

export const namespaceTable: TableSpec = {
  columns: [NAME, col("Status", "The status of the namespace"), AGE],
  cells: (o, now) => [
    o.metadata.name,
    asString(asObject(o.status).phase, "Active"),
    age(o.metadata.creationTimestamp, now),
  ],
};

export const configMapTable: TableSpec = {
  columns: [NAME, col("Data", "Data contains the configuration data.", { type: "integer" }), AGE],
  cells: (o, now) => [
    o.metadata.name,
    Object.keys(asObject(o.data)).length + Object.keys(asObject(o.binaryData)).length,
    age(o.metadata.creationTimestamp, now),
  ],
};

export const secretTable: TableSpec = {
  columns: [
    NAME,
    col("Type", "The type of the secret"),
    col("Data", "The number of data items in the secret", { type: "integer" }),
    AGE,
  ],
  cells: (o, now) => [
    o.metadata.name,
    asString(o.type, "Opaque"),
    Object.keys(asObject(o.data)).length,
    age(o.metadata.creationTimestamp, now),
  ],
};

export const serviceAccountTable: TableSpec = {
  columns: [
    NAME,
    col(
      "Secrets",
      "Secrets is a list of the secrets in the same namespace that pods running using this ServiceAccount are allowed to use.",
      { type: "integer" },
    ),
    AGE,
  ],
  cells: (o, now) => [
    o.metadata.name,
    asArray(o.secrets).length,
    age(o.metadata.creationTimestamp, now),
  ],
};

export const resourceQuotaTable: TableSpec = {
  columns: [
    NAME,
    AGE,
    col(
      "Request",
      "Request represents a minimum amount of cpu/memory that a container may consume.",
    ),
    col(
      "Limit",
      "Limits control the maximum amount of cpu/memory that a container may use independent of contention on the node.",
    ),
  ],
  cells: (o, now) => {
    const status = asObject(o.status);
    const hard = asObject(status.hard);
    const used = asObject(status.used);
    const requests: string[] = [];
    const limits: string[] = [];
    for (const name of Object.keys(hard).sort()) {
      const entry = `${name}: ${asString(used[name], "0")}/${asString(hard[name])}`;
      if (name.startsWith("limits.")) limits.push(entry);
      else requests.push(entry);
    }
    return [
      o.metadata.name,
      age(o.metadata.creationTimestamp, now),
      requests.join(", "),
      limits.join(", "),
    ];
  },
};

export const leaseTable: TableSpec = {
  columns: [
    NAME,
    col("Holder", "HolderIdentity contains the identity of the holder of a current lease."),
    AGE,
  ],
  cells: (o, now) => [
    o.metadata.name,
    asString(asObject(o.spec).holderIdentity),
    age(o.metadata.creationTimestamp, now),
  ],
};
