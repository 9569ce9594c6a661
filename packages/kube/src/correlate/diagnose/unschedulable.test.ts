import { describe, expect, it } from "vitest";
import {
  objectOf,
  scenarioVariant,
  type EditableObject,
} from "../../model/testing/scenarioVariant";
import type { ClusterSnapshot } from "../../model/snapshot/ClusterSnapshot";
import { moveUnderJob } from "../../model/testing/underJob";
import { refKey } from "../Candidate";
import { correlateSnapshot } from "../correlateSnapshot";

/**
 * Pending pods on variants of pending-insufficient-cpu (ml/trainer, one pod,
 * nodes: control-plane-1 tainted, worker-1..3 with 4 CPUs in zones
 * eu-west-1a..c, instance type m6i.xlarge). Each variant changes what the pod
 * asks for and the scheduler's message, as the scheduler would write it.
 */
const POD = "trainer-7f6d5c4b8d-w9c4k";
const TAINTS = "1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }";

interface PodSpecShape {
  containers: { resources?: { requests?: Record<string, string> } }[];
  nodeSelector?: Record<string, string>;
  affinity?: unknown;
}

/** The pod spec of the pending pod and of its Deployment's and ReplicaSet's templates. */
function specsOf(objects: EditableObject[]): PodSpecShape[] {
  const template = (o: EditableObject) =>
    (o.spec as { template: { spec: PodSpecShape } }).template.spec;
  return [
    objectOf(objects, "Pod", POD).spec as PodSpecShape,
    template(objectOf(objects, "Deployment", "trainer")),
    template(objectOf(objects, "ReplicaSet", "trainer-7f6d5c4b8d")),
  ];
}

async function variant(
  message: string,
  change: (spec: PodSpecShape) => void,
  more?: (objects: EditableObject[]) => void,
): Promise<ClusterSnapshot> {
  const { snapshot } = await scenarioVariant("pending-insufficient-cpu", {
    edit: (objects) => {
      for (const spec of specsOf(objects)) change(spec);
      const pod = objectOf(objects, "Pod", POD) as unknown as {
        status: { conditions: { type: string; message?: string }[] };
      };
      for (const c of pod.status.conditions) if (c.type === "PodScheduled") c.message = message;
      for (const e of objects.filter(
        (o) => o.kind === "Event" && o["reason"] === "FailedScheduling",
      ))
        e["note"] = message;
      more?.(objects);
    },
  });
  return snapshot;
}

const top = async (snapshot: Promise<ClusterSnapshot>) =>
  (await correlateSnapshot(await snapshot, { namespace: "ml" }))[0];

describe("Pending: the scheduler's reason decoded against the pod and the nodes", () => {
  it("insufficient memory: the request against the largest allocatable", async () => {
    const c = await top(
      variant(`0/4 nodes are available: ${TAINTS}, 3 Insufficient memory.`, (spec) => {
        spec.containers[0]!.resources!.requests = { cpu: "1", memory: "64Gi" };
      }),
    );
    expect(c?.category).toBe("Unschedulable");
    expect(c?.summary).toBe(
      "Deployment ml/trainer has pods stuck Pending: not enough memory on any node.",
    );
    expect(c?.rootCause).toContain(
      "it requests 64Gi memory, more than any node can offer (the largest allocatable is 16181304Ki (~15.4Gi)).",
    );
    const lower = c?.fixes.find((f) => f.title.startsWith("Lower the memory request"));
    // Half the largest node (16181304Ki / 2 = 7901Mi): the pod then fits with room to spare.
    expect(lower?.command).toBe(
      "set resources deployment/trainer -c trainer --requests=memory=7901Mi -n ml",
    );
  });

  it("a nodeSelector label no node has: names it and proposes removing it", async () => {
    const c = await top(
      variant(
        `0/4 nodes are available: ${TAINTS}, 3 node(s) didn't match Pod's node affinity/selector.`,
        (spec) => {
          spec.nodeSelector = { disktype: "nvme" };
        },
      ),
    );
    expect(c?.category).toBe("Unschedulable");
    expect(c?.rootCause).toContain(
      "its nodeSelector asks for disktype=nvme, a label no node carries.",
    );
    expect(c?.fixes.map((f) => f.command)).toContain(
      `patch deployment trainer -n ml --type=json -p '[{"op":"remove","path":"/spec/template/spec/nodeSelector/disktype"}]'`,
    );
  });

  it("required node affinity: the expression no node satisfies, what the nodes have, and the closest nodes", async () => {
    const c = await top(
      variant(
        `0/4 nodes are available: 4 node(s) didn't match Pod's node affinity/selector.`,
        (spec) => {
          spec.affinity = {
            nodeAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: {
                nodeSelectorTerms: [
                  {
                    matchExpressions: [
                      { key: "kubernetes.io/os", operator: "In", values: ["linux"] },
                      {
                        key: "node.kubernetes.io/instance-type",
                        operator: "In",
                        values: ["p4d.24xlarge"],
                      },
                    ],
                  },
                ],
              },
            },
          };
        },
      ),
    );
    expect(c?.category).toBe("Unschedulable");
    expect(c?.rootCause).toContain(
      "its required node affinity asks for node.kubernetes.io/instance-type In [p4d.24xlarge], which no node satisfies (the nodes have node.kubernetes.io/instance-type=m6i.large, m6i.xlarge).",
    );
    expect(c?.rootCause).toContain(
      "Closest: worker-1 fails only node.kubernetes.io/instance-type In [p4d.24xlarge] (has node.kubernetes.io/instance-type=m6i.xlarge); worker-2 fails only",
    );
    expect(c?.related).toContainEqual({
      kind: "Node",
      name: "worker-1",
      status: "fails node.kubernetes.io/instance-type In [p4d.24xlarge]",
    });
    expect(c?.fixes.map((f) => f.command)).toContain(
      `patch deployment trainer -n ml --type=json -p '[{"op":"remove","path":"/spec/template/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms/0/matchExpressions/1"}]'`,
    );
    expect(c?.fixes.map((f) => f.command)).toContain(
      "label node worker-1 node.kubernetes.io/instance-type=p4d.24xlarge --overwrite",
    );
    const label = c?.fixes.find((f) => f.command?.startsWith("label node worker-1"));
    expect(label?.rationale).toContain("It replaces node.kubernetes.io/instance-type=m6i.xlarge");
  });

  it("required node affinity with two ORed terms no node meets: no fix that drops only one of them", async () => {
    const impossible = (key: string, value: string) => ({
      matchExpressions: [{ key, operator: "In", values: [value] }],
    });
    const c = await top(
      variant(
        `0/4 nodes are available: 4 node(s) didn't match Pod's node affinity/selector.`,
        (spec) => {
          spec.affinity = {
            nodeAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: {
                nodeSelectorTerms: [
                  impossible("node.kubernetes.io/instance-type", "p4d.24xlarge"),
                  impossible("topology.kubernetes.io/zone", "us-east-1a"),
                ],
              },
            },
          };
        },
      ),
    );
    expect(c?.category).toBe("Unschedulable");
    // Dropping term 0 would leave term 1, which matches no node either.
    expect(c?.fixes.filter((f) => f.title.startsWith("Drop the node affinity"))).toEqual([]);
  });

  it("required node affinity whose requirements hold one by one but never together", async () => {
    const c = await top(
      variant(
        `0/4 nodes are available: 4 node(s) didn't match Pod's node affinity/selector.`,
        (spec) => {
          spec.affinity = {
            nodeAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: {
                nodeSelectorTerms: [
                  {
                    matchExpressions: [
                      {
                        key: "topology.kubernetes.io/zone",
                        operator: "In",
                        values: ["eu-west-1a"],
                      },
                      { key: "kubernetes.io/hostname", operator: "In", values: ["worker-2"] },
                    ],
                  },
                ],
              },
            },
          };
        },
      ),
    );
    expect(c?.rootCause).toContain(
      "its required node affinity combines requirements that some nodes satisfy one by one, but no node satisfies together.",
    );
    expect(c?.rootCause).toMatch(
      /Closest: .*worker-1 fails only kubernetes\.io\/hostname In \[worker-2\] \(has kubernetes\.io\/hostname=worker-1\)/,
    );
  });

  it("required node affinity pinned to a node that is down: the node is the cause", async () => {
    const c = await top(
      variant(
        `0/4 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }, 3 node(s) didn't match Pod's node affinity/selector.`,
        (spec) => {
          spec.affinity = {
            nodeAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: {
                nodeSelectorTerms: [
                  {
                    matchExpressions: [
                      { key: "kubernetes.io/hostname", operator: "In", values: ["worker-2"] },
                    ],
                  },
                ],
              },
            },
          };
        },
        (objects) => {
          const node = objectOf(objects, "Node", "worker-2") as unknown as {
            spec: { taints?: unknown[] };
            status: { conditions: { type: string; status: string; reason?: string }[] };
          };
          node.spec.taints = [{ key: "node.kubernetes.io/unreachable", effect: "NoSchedule" }];
          for (const cond of node.status.conditions)
            if (cond.type === "Ready") {
              cond.status = "Unknown";
              cond.reason = "NodeStatusUnknown";
            }
        },
      ),
    );
    expect(c?.category).toBe("NodeNotReady");
    expect(refKey(c!.primary)).toBe("Node/worker-2");
    expect(c?.rootCause).toContain(
      `Pod ${POD} of Deployment ml/trainer can only run on node(s) matching its required node affinity, and worker-2 is down`,
    );
  });

  /** A running pod on `node`: the trainer Deployment's own unless `app` names another app. */
  const running = (name: string, node: string, app = "trainer"): EditableObject => ({
    kind: "Pod",
    apiVersion: "v1",
    metadata: {
      name,
      namespace: "ml",
      labels: app === "trainer" ? { app: "trainer", "pod-template-hash": "7f6d5c4b8d" } : { app },
      ...(app === "trainer" && {
        ownerReferences: [{ kind: "ReplicaSet", name: "trainer-7f6d5c4b8d", controller: true }],
      }),
    },
    spec: {
      nodeName: node,
      containers: [{ name: "trainer", image: "ghcr.io/acme/trainer:v0.9.4" }],
    },
    status: {
      phase: "Running",
      startTime: new Date(Date.now() - 3_600_000).toISOString(),
      conditions: [{ type: "Ready", status: "True" }],
      containerStatuses: [
        { name: "trainer", ready: true, restartCount: 0, state: { running: {} } },
      ],
    },
  });
  /** Four trainer replicas that must avoid pods labelled app=`app`, one of which runs on each worker. */
  const avoiding = (app: string) =>
    top(
      variant(
        `0/4 nodes are available: ${TAINTS}, 3 node(s) didn't match pod anti-affinity rules. preemption: 0/4 nodes are available: 4 No preemption victims found for incoming pod.`,
        (spec) => {
          spec.containers[0]!.resources!.requests = { cpu: "1", memory: "1Gi" };
          spec.affinity = {
            podAntiAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: [
                {
                  labelSelector: { matchLabels: { app } },
                  topologyKey: "kubernetes.io/hostname",
                },
              ],
            },
          };
        },
        (objects) => {
          const d = objectOf(objects, "Deployment", "trainer") as unknown as {
            spec: { replicas: number };
          };
          d.spec.replicas = 4;
          const prefix = app === "trainer" ? "trainer-7f6d5c4b8d" : app;
          objects.push(
            running(`${prefix}-aaaaa`, "worker-1", app),
            running(`${prefix}-bbbbb`, "worker-2", app),
            running(`${prefix}-ccccc`, "worker-3", app),
          );
        },
      ),
    );

  it("required pod anti-affinity: every node it could use already runs a pod it must avoid", async () => {
    const c = await avoiding("trainer");
    expect(c?.category).toBe("Unschedulable");
    expect(c?.summary).toContain("its pod anti-affinity rules exclude every node");
    expect(c?.rootCause).toContain(
      "its required pod anti-affinity keeps it away from pods labelled app=trainer within the same node (topologyKey kubernetes.io/hostname), and every node it could use already runs one: worker-1 runs trainer-7f6d5c4b8d-aaaaa; worker-2 runs trainer-7f6d5c4b8d-bbbbb; worker-3 runs trainer-7f6d5c4b8d-ccccc.",
    );
    expect(c?.related.map(refKey)).toEqual(
      expect.arrayContaining(["Node/worker-1", "Pod/ml/trainer-7f6d5c4b8d-ccccc"]),
    );
    expect(c?.fixes.map((f) => f.command)).toContain("scale deployment/trainer --replicas=3 -n ml");
  });

  it("required pod anti-affinity against another app's pods: no scale-down, which would free no node", async () => {
    const c = await avoiding("gpu-hog");
    expect(c?.category).toBe("Unschedulable");
    expect(c?.rootCause).toContain("worker-1 runs gpu-hog-aaaaa");
    expect(c?.fixes.filter((f) => f.command?.startsWith("scale "))).toEqual([]);
  });

  it("required pod affinity to a pod that does not run", async () => {
    const c = await top(
      variant(
        `0/4 nodes are available: ${TAINTS}, 3 node(s) didn't match pod affinity rules.`,
        (spec) => {
          spec.affinity = {
            podAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: [
                {
                  labelSelector: { matchLabels: { app: "feature-store" } },
                  topologyKey: "topology.kubernetes.io/zone",
                },
              ],
            },
          };
        },
      ),
    );
    expect(c?.category).toBe("Unschedulable");
    expect(c?.rootCause).toContain(
      "its required pod affinity wants to run in the same topology.kubernetes.io/zone as a pod labelled app=feature-store, and no such pod runs.",
    );
  });
});

describe("Pending pods of a CronJob or a Job: fixes go where the API accepts them", () => {
  const selectorMessage = `0/4 nodes are available: ${TAINTS}, 3 node(s) didn't match Pod's node affinity/selector.`;
  const nvme = (spec: PodSpecShape) => {
    spec.nodeSelector = { disktype: "nvme" };
  };
  const tainted = async (owner: "Job" | "CronJob") => {
    const { snapshot } = await scenarioVariant("pending-taint-mismatch", {
      edit: (objects) => moveUnderJob(objects, "inference", owner),
    });
    return (await correlateSnapshot(snapshot, { namespace: "vision" }))[0];
  };

  it("CronJob: removes the nodeSelector from the job template", async () => {
    const c = await top(
      variant(selectorMessage, nvme, (objects) => moveUnderJob(objects, "trainer", "CronJob")),
    );
    expect(refKey(c!.primary)).toBe("CronJob/ml/trainer");
    expect(c?.fixes.map((f) => f.command)).toContain(
      `patch cronjob trainer -n ml --type=json -p '[{"op":"remove","path":"/spec/jobTemplate/spec/template/spec/nodeSelector/disktype"}]'`,
    );
  });

  it("CronJob: drops the node affinity requirement from the job template", async () => {
    const c = await top(
      variant(
        `0/4 nodes are available: 4 node(s) didn't match Pod's node affinity/selector.`,
        (spec) => {
          spec.affinity = {
            nodeAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: {
                nodeSelectorTerms: [
                  {
                    matchExpressions: [
                      { key: "node.kubernetes.io/instance-type", operator: "In", values: ["p4d"] },
                    ],
                  },
                ],
              },
            },
          };
        },
        (objects) => moveUnderJob(objects, "trainer", "CronJob"),
      ),
    );
    expect(c?.fixes.map((f) => f.command)).toContain(
      `patch cronjob trainer -n ml --type=json -p '[{"op":"remove","path":"/spec/jobTemplate/spec/template/spec/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution"}]'`,
    );
  });

  it("CronJob: adds the toleration to the job template, and says the running Job keeps its template", async () => {
    const c = await tainted("CronJob");
    expect(c?.category).toBe("Unschedulable");
    expect(refKey(c!.primary)).toBe("CronJob/vision/inference");
    const fix = c?.fixes.find((f) => f.title.startsWith("Let the pods tolerate"));
    expect(fix?.command).toBe(
      `patch cronjob inference -n vision --type=json -p '[{"op":"add","path":"/spec/jobTemplate/spec/template/spec/tolerations","value":[{"key":"nvidia.com/gpu","operator":"Equal","value":"present","effect":"NoSchedule"}]}]'`,
    );
    expect(fix?.rationale).toContain("a Job it has already started keeps its old pod template");
  });

  it("Job: no template patch, since the API refuses one; the way to recreate it instead", async () => {
    const c = await tainted("Job");
    expect(refKey(c!.primary)).toBe("Job/vision/inference");
    expect(c?.fixes.filter((f) => f.command?.startsWith("patch "))).toEqual([]);
    expect(c?.fixes.map((f) => f.title)).toContain(
      "Recreate Job inference with a corrected pod template",
    );
    const selector = await top(
      variant(selectorMessage, nvme, (objects) => moveUnderJob(objects, "trainer", "Job")),
    );
    expect(refKey(selector!.primary)).toBe("Job/ml/trainer");
    expect(selector?.fixes.map((f) => f.command)).toEqual([
      "describe nodes",
      "get job trainer -n ml -o yaml",
    ]);
  });
});
