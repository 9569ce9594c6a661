import { asNumber, asObject, stringMap } from "../../util/json";
import { age } from "../human-duration";
import { AGE, col, formatLabels, NAME, type TableSpec } from "../table-spec";
import { formatSelector, templateContainers } from "./workload-helpers";

const CONTAINERS = col("Containers", "Names of each container in the template.", { priority: 1 });
const IMAGES = col("Images", "Images referenced by each container in the template.", {
  priority: 1,
});
const SELECTOR = col(
  "Selector",
  "Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment.",
  { priority: 1 },
);

export const deploymentTable: TableSpec = {
  columns: [
    NAME,
    col("Ready", "Number of the pod with ready state"),
    col(
      "Up-to-date",
      "Total number of non-terminated pods targeted by this deployment that have the desired template spec.",
      { type: "integer" },
    ),
    col(
      "Available",
      "Total number of available pods (ready for at least minReadySeconds) targeted by this deployment.",
      { type: "integer" },
    ),
    AGE,
    CONTAINERS,
    IMAGES,
    SELECTOR,
  ],
  cells: (o, now) => {
    const spec = asObject(o.spec);
    const status = asObject(o.status);
    const t = templateContainers(spec);
    return [
      o.metadata.name,
      `${asNumber(status.readyReplicas)}/${asNumber(spec.replicas, 1)}`,
      asNumber(status.updatedReplicas),
      asNumber(status.availableReplicas),
      age(o.metadata.creationTimestamp, now),
      t.names,
      t.images,
      formatSelector(spec.selector),
    ];
  },
};

export const replicaSetTable: TableSpec = {
  columns: [
    NAME,
    col("Desired", "Replicas is the number of desired replicas.", { type: "integer" }),
    col("Current", "Replicas is the most recently observed number of replicas.", {
      type: "integer",
    }),
    col("Ready", "The number of ready replicas for this replica set.", { type: "integer" }),
    AGE,
    CONTAINERS,
    IMAGES,
    SELECTOR,
  ],
  cells: (o, now) => {
    const spec = asObject(o.spec);
    const status = asObject(o.status);
    const t = templateContainers(spec);
    return [
      o.metadata.name,
      asNumber(spec.replicas, 1),
      asNumber(status.replicas),
      asNumber(status.readyReplicas),
      age(o.metadata.creationTimestamp, now),
      t.names,
      t.images,
      formatSelector(spec.selector),
    ];
  },
};

export const statefulSetTable: TableSpec = {
  columns: [NAME, col("Ready", "Number of the pod with ready state"), AGE, CONTAINERS, IMAGES],
  cells: (o, now) => {
    const spec = asObject(o.spec);
    const t = templateContainers(spec);
    return [
      o.metadata.name,
      `${asNumber(asObject(o.status).readyReplicas)}/${asNumber(spec.replicas, 1)}`,
      age(o.metadata.creationTimestamp, now),
      t.names,
      t.images,
    ];
  },
};

export const daemonSetTable: TableSpec = {
  columns: [
    NAME,
    col("Desired", "The total number of nodes that should be running the daemon pod.", {
      type: "integer",
    }),
    col(
      "Current",
      "The number of nodes that are running at least 1 daemon pod and are supposed to run the daemon pod.",
      { type: "integer" },
    ),
    col(
      "Ready",
      "The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and ready.",
      { type: "integer" },
    ),
    col("Up-to-date", "The total number of nodes that are running updated daemon pod", {
      type: "integer",
    }),
    col(
      "Available",
      "The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and available.",
      { type: "integer" },
    ),
    col(
      "Node Selector",
      "NodeSelector is a selector which must be true for the pod to fit on a node.",
    ),
    AGE,
    CONTAINERS,
    IMAGES,
    SELECTOR,
  ],
  cells: (o, now) => {
    const spec = asObject(o.spec);
    const s = asObject(o.status);
    const t = templateContainers(spec);
    const nodeSelector = stringMap(asObject(asObject(asObject(spec.template).spec).nodeSelector));
    return [
      o.metadata.name,
      asNumber(s.desiredNumberScheduled),
      asNumber(s.currentNumberScheduled),
      asNumber(s.numberReady),
      asNumber(s.updatedNumberScheduled),
      asNumber(s.numberAvailable),
      formatLabels(nodeSelector),
      age(o.metadata.creationTimestamp, now),
      t.names,
      t.images,
      formatSelector(spec.selector),
    ];
  },
};
