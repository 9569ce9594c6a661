import { TOOL_NAMES } from "@kubemedic/protocol";
import { z } from "zod";

const ToolList = z
  .array(z.enum(TOOL_NAMES))
  .refine((list) => new Set(list).size === list.length, "a tool is listed twice");

/** Kinds every specialist may read: where any investigation starts and what it always needs. */
const COMMON_KINDS = ["Pod", "Event", "Namespace", "Deployment", "ReplicaSet"];

const specialist = (d: { prompt: string; kinds: string[] }) =>
  z
    .strictObject({
      /** Put before the turn's system prompt: what this specialist looks at and how. */
      prompt: z.string().min(1).max(8_000).default(d.prompt),
      /**
       * Kinds its kubectl reads may name (canonical, e.g. `Service`); any other is refused with a
       * reason the model can act on. The analyzers always see the whole scope.
       */
      kinds: z
        .array(z.string().min(1).max(63))
        .max(64)
        .default([...COMMON_KINDS, ...d.kinds]),
      /** Tools bound to its model. @default ["kubectl", "k8sgpt"] */
      tools: ToolList.default(["kubectl", "k8sgpt"]),
    })
    .prefault({});

/**
 * Plans for complex questions (issue #14, docs/graph-config.md#plan): after
 * `prepare`, `route` sends a cluster-wide question, one naming several
 * namespaces or objects, or a scope with several independent root causes to
 * the planner; its steps go to specialists, `reflect` revises, `collect`
 * merges their reports into one with `causes[]`.
 */
export const PlanConfigSchema = z
  .strictObject({
    /** Route complex questions to the planner; off, every question takes the single loop. @default true */
    enabled: z.boolean().default(true),
    /**
     * A question about one namespace (or one naming objects of several root causes) is complex
     * when correlation finds at least this many independent root causes there. @default 2
     */
    minRootCauses: z.number().int().min(2).max(20).default(2),
    /** Steps of one plan (the top-ranked root causes). @default 6 */
    maxSteps: z.number().int().min(1).max(32).default(6),
    /** Ready steps that run at the same time. @default 3 */
    maxParallelSteps: z.number().int().min(1).max(16).default(3),
    /** New plan versions after the first (a failed step, a finding that points elsewhere). @default 1 */
    maxRevisions: z.number().int().min(0).max(5).default(1),
    /** Model calls of one step's specialist (its own budget). @default 6 */
    stepMaxIterations: z.number().int().min(1).max(50).default(6),
    specialists: z
      .strictObject({
        workload: specialist({
          prompt:
            "You are the workload specialist: crash loops, OOM kills, image pulls, probes, rollouts and Jobs. " +
            "Read the failing pods' state, events and previous logs, and the owning workload's spec.",
          kinds: [
            "StatefulSet",
            "DaemonSet",
            "Job",
            "CronJob",
            "HorizontalPodAutoscaler",
            "ConfigMap",
            "Secret",
            "Service",
          ],
        }),
        networking: specialist({
          prompt:
            "You are the networking specialist: Services, selectors, endpoints, Ingress, DNS and NetworkPolicies. " +
            "Follow the traffic from the entry point to the pods and find where it stops.",
          kinds: [
            "Service",
            "Endpoints",
            "EndpointSlice",
            "Ingress",
            "IngressClass",
            "NetworkPolicy",
            "Secret",
            "StatefulSet",
          ],
        }),
        storage: specialist({
          prompt:
            "You are the storage specialist: PersistentVolumeClaims, PersistentVolumes and StorageClasses. " +
            "Find why a claim is not bound or a volume cannot be attached.",
          kinds: [
            "PersistentVolumeClaim",
            "PersistentVolume",
            "StorageClass",
            "StatefulSet",
            "Node",
          ],
        }),
        scheduling: specialist({
          prompt:
            "You are the scheduling and nodes specialist: pending pods, resources, taints, affinity, node pressure and quotas. " +
            "Compare what the pods ask for with what the nodes and the namespace allow.",
          kinds: [
            "Node",
            "ResourceQuota",
            "LimitRange",
            "PriorityClass",
            "StatefulSet",
            "Job",
            "HorizontalPodAutoscaler",
          ],
        }),
        config: specialist({
          prompt:
            "You are the configuration and access specialist: ConfigMaps, Secrets, ServiceAccounts, RBAC and Pod Security. " +
            "Check every reference a workload makes and whether it exists and grants what is needed.",
          kinds: [
            "ConfigMap",
            "Secret",
            "ServiceAccount",
            "Role",
            "RoleBinding",
            "ClusterRole",
            "ClusterRoleBinding",
            "StatefulSet",
            "Job",
          ],
        }),
      })
      .prefault({}),
  })
  .prefault({});

export type PlanConfig = z.infer<typeof PlanConfigSchema>;
