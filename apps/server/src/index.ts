/**
 * @kubemedic/server — the composition root: configuration, the database and
 * persistence layer (docs/persistence.md), the REST API and the WebSocket
 * gateway (docs/gateway.md), auth (docs/security.md), metrics, and
 * `startServer`.
 */
export {
  loadConfig,
  LOG_LEVELS,
  DEMO_MODES,
  type ConfigOverrides,
  type DemoMode,
  type GatewayLimits,
  type LogLevel,
  type ServerConfig,
} from "./config";
export {
  isServerError,
  ServerError,
  STARTUP_ERROR_CODES,
  type ServerErrorCode,
  type StartupErrorCode,
} from "./errors";
export { createLogger, type Logger } from "./logger";
export { startServer, type RunningServer, type StartServerOptions } from "./server";
export {
  openDatabase,
  type Database,
  type DatabaseBackend,
  type DatabaseOptions,
} from "./db/database";
export {
  createPersistence,
  type Persistence,
  type PersistenceOptions,
} from "./persistence/persistence";
export {
  ConversationRepository,
  DEFAULT_TITLE,
  type ConversationState,
  type ListOptions,
} from "./persistence/conversation-repository";
export {
  TurnRepository,
  type BeginTurnInput,
  type BeginTurnResult,
  type ResumeTurnInput,
} from "./persistence/turn-repository";
export {
  TurnUnitOfWork,
  type TurnCommit,
  type UnitOfWorkHooks,
  type UnitOfWorkState,
} from "./persistence/turn-unit-of-work";
export { MessageRepository } from "./persistence/message-repository";
export type { HealthBody } from "./http/healthz";
export { Gateway } from "./gateway/gateway";
export { ConversationHub } from "./gateway/conversation-hub";
export { ClusterRegistry, type ClusterSource } from "./cluster/cluster-registry";
export { GatewayMetrics } from "./metrics/gateway-metrics";
export { LOCAL_USER } from "./auth/authenticator";
export { SESSION_COOKIE } from "./auth/session-cookie";
export { type AuthToken } from "./auth/local-token";
