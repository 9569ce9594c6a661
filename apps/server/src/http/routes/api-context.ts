import type { ApprovalPolicy } from "@kubemedic/agent";
import type { McpServerOptions } from "@kubemedic/mcp";
import type { Authenticator } from "../../auth/authenticator";
import type { AllowedHosts } from "../../auth/host-allowed";
import type { ClusterRegistry } from "../../cluster/cluster-registry";
import type { GatewayLimits } from "../../config";
import type { Database } from "../../db/database";
import type { ConversationHub } from "../../gateway/conversation-hub";
import type { Logger } from "../../logger";
import type { GatewayMetrics } from "../../metrics/gateway-metrics";
import type { Persistence } from "../../persistence/persistence";

/** What the REST routes need: one per server. */
export interface ApiContext {
  database: Database;
  persistence: Persistence;
  hub: ConversationHub;
  authenticator: Authenticator;
  clusters: ClusterRegistry;
  metrics: GatewayMetrics;
  logger: Logger;
  model: { label: string; offline: boolean };
  approvalPolicy: ApprovalPolicy;
  /** Origins allowed besides the server's own (KUBEMEDIC_ALLOWED_ORIGINS), for state-changing requests. */
  allowedOrigins: readonly string[];
  /** Host names requests may be addressed to (KUBEMEDIC_ALLOWED_HOSTS; DNS rebinding). */
  allowedHosts: AllowedHosts;
  /** The per-user REST limits are read from here (restPerSecond, restBurst, restConcurrency). */
  limits: GatewayLimits;
  /** The MCP server's options for one authenticated user (`/mcp`). */
  mcp(user: string): McpServerOptions;
  /** A session was signed out: close the sockets opened with it. */
  endSession(sessionId: string): void;
  /** True once shutdown began (readiness answers 503). */
  closing(): boolean;
}
