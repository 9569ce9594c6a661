import type { Agent } from "@kubemedic/agent";
import type { ClusterRegistry } from "../cluster/cluster-registry";
import type { GatewayLimits } from "../config";
import type { PrismaClient } from "../db/prisma";
import type { Logger } from "../logger";
import type { GatewayMetrics } from "../metrics/gateway-metrics";
import type { Persistence } from "../persistence/persistence";
import type { ScaleOut } from "../scale/scale-out";
import type { ConversationHub } from "./conversation-hub";
import type { Semaphore } from "./semaphore";
import type { TurnRunner } from "./turn-runner";

/** What the frame handlers share: one per server. */
export interface GatewayContext {
  persistence: Persistence;
  /** For the few reads and writes the repositories do not offer (targets, orphans, seq). */
  prisma: PrismaClient;
  agent: Pick<Agent, "runTurn" | "pendingApproval" | "checkpointedNext">;
  /** The contexts a new conversation may name. */
  clusters: Pick<ClusterRegistry, "hasContext">;
  hub: ConversationHub;
  runner: TurnRunner;
  metrics: GatewayMetrics;
  logger: Logger;
  limits: GatewayLimits;
  /**
   * Frames being handled at once, all connections together: each does a few
   * short queries, so a burst of a thousand waits here instead of timing out
   * in the database pool's queue.
   */
  frameSlots: Semaphore;
  /** The model's label, stored on each turn. */
  modelLabel: string;
  /** Scale-out mode (several replicas on one PostgreSQL); undefined on one process. */
  scale?: ScaleOut | undefined;
  /** True once shutdown began: no new turns. */
  closing(): boolean;
}
