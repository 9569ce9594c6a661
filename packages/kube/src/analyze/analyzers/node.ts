import type { AnalysisFailure, AnalysisResultItem } from "@kubemedic/protocol";
import type { Condition } from "../../model/objects";
import { parentObject } from "../parentObject";
import { listTargets, result, type Analyzer } from "./Analyzer";

const PRESSURE = new Set(["MemoryPressure", "DiskPressure", "PIDPressure", "NetworkUnavailable"]);

/**
 * Whether k8sgpt flags a node condition: Ready not True; a pressure condition
 * True or Unknown; k3s's EtcdIsVoter never; any other type always, whatever
 * its status (so node-problem-detector's `KernelDeadlock=False` is flagged).
 */
export function isBadNodeCondition(c: Condition): boolean {
  if (c.type === "Ready") return c.status !== "True";
  if (c.type === "EtcdIsVoter") return false;
  if (PRESSURE.has(c.type)) return c.status === "True" || c.status === "Unknown";
  return true;
}

/** Nodes that are not ready or report pressure. Cluster-scoped: `-n` does not apply. */
export const nodeAnalyzer: Analyzer = {
  name: "Node",
  core: true,
  needs: ["nodes"],
  run(context) {
    const out: AnalysisResultItem[] = [];
    for (const node of listTargets({ ...context, namespace: undefined }, "nodes")) {
      const name = node.metadata?.name ?? "";
      const failures: AnalysisFailure[] = [];
      for (const c of node.status?.conditions ?? [])
        if (isBadNodeCondition(c))
          failures.push(
            context.failure(
              `Node ${name} has condition ${c.type}=${c.status} (reason ${c.reason ?? ""}): ${c.message ?? ""}`,
              [name],
            ),
          );
      if (failures.length > 0)
        out.push(result("Node", name, failures, parentObject(context.snapshot, node)));
    }
    return out;
  },
};
