import { resolve } from "node:path";
import { MAX_FRAME_BYTES } from "@kubemedic/protocol";
import { z } from "zod";
import { defaultAllowedHosts, type AllowedHosts } from "./auth/host-allowed";
import { ServerError } from "./errors";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Whether to start the built-in demo cluster: when no kubeconfig is found, always, or never. */
export const DEMO_MODES = ["auto", "on", "off"] as const;
export type DemoMode = (typeof DEMO_MODES)[number];

/** The gateway's limits (docs/gateway.md#limits); each has an environment variable. */
export interface GatewayLimits {
  /** Largest client frame read; larger ones get a `frame_too_large` error frame. @default 65_536 */
  maxFrameBytes: number;
  /** Frames per second a connection may send, sustained. @default 20 */
  framesPerSecond: number;
  /** Frames a connection may send at once before the rate applies. @default 60 */
  frameBurst: number;
  /**
   * Bytes per second one connection may send, sustained (bursts of 4 s worth,
   * at least one frame of the largest size). Charged before a frame is
   * parsed. @default 131_072
   */
  bytesPerSecond: number;
  /** Frames per second one user may send over all their connections (bursts of 3 s worth). @default 60 */
  userFramesPerSecond: number;
  /** Bytes per second one user may send over all their connections (bursts of 4 s worth). @default 262_144 */
  userBytesPerSecond: number;
  /** Turns one user may have running at the same time, across conversations. @default 4 */
  maxTurnsPerUser: number;
  /**
   * Turns the server runs at once, all users together; later ones wait their
   * turn after their message is stored and acknowledged. Bounds CPU, memory and
   * database connections under load. @default 16
   */
  maxRunningTurns: number;
  /** WebSocket connections one user may hold open. @default 32 */
  maxConnectionsPerUser: number;
  /** REST requests per second one user may make, sustained. @default 20 */
  restPerSecond: number;
  /** REST requests one user may make at once before the rate applies. @default 60 */
  restBurst: number;
  /** REST requests of one user handled at the same time; up to 32 more wait. @default 8 */
  restConcurrency: number;
  /** Conversations one user may keep; creating one more is `too_many_conversations`. @default 10_000 */
  maxConversationsPerUser: number;
  /** Interval of WebSocket pings; a peer that missed one whole interval is dropped. @default 30_000 */
  heartbeatMs: number;
  /** On shutdown, how long running turns may go on before they are stopped. @default 10_000 */
  shutdownGraceMs: number;
}

/** The server's configuration, validated; docs/configuration.md lists every variable. */
export interface ServerConfig {
  /** @default "127.0.0.1" */
  host: string;
  /** 0 picks a free port. @default 8080 */
  port: number;
  /** A PostgreSQL URL; unset means the embedded PGlite database under `dataDir`. */
  databaseUrl: string | undefined;
  /** Absolute. @default "<cwd>/.kubemedic" */
  dataDir: string;
  /** @default "info" */
  logLevel: LogLevel;
  /** KUBEMEDIC_AUTH_TOKEN; unset: one is generated on first start and kept under dataDir. */
  authToken: string | undefined;
  /** KUBEMEDIC_TRUST_PROXY_USER_HEADER, lower-cased (e.g. `x-forwarded-user`); unset: off. */
  trustProxyUserHeader: string | undefined;
  /** Origins allowed to open the WebSocket besides the server's own (KUBEMEDIC_ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  /**
   * KUBEMEDIC_ALLOWED_HOSTS: the names a request's Host may carry (DNS
   * rebinding); IP addresses always pass. @default loopback's names when
   * listening on loopback without a trusted proxy, else "any"
   */
  allowedHosts: AllowedHosts;
  /** KUBEMEDIC_SESSION_MAX_AGE_DAYS: how long a sign-in lasts. @default 30 */
  sessionMaxAgeDays: number;
  /** @default "auto" */
  demo: DemoMode;
  /** An explicit kubeconfig file (--kubeconfig); otherwise KUBECONFIG, ~/.kube/config, in-cluster. */
  kubeconfig: string | undefined;
  /** The context used when a conversation names none (KUBEMEDIC_CONTEXT, --context). */
  context: string | undefined;
  /** KUBEMEDIC_DEMO_LATENCY_MS: the demo cluster's delay before each answer. @default 0 */
  demoLatencyMs: number;
  /** KUBEMEDIC_HEAP_GROWTH_PERCENT: see applyHeapGrowth; 0 leaves V8's policy. @default 50 */
  heapGrowthPercent: number;
  limits: GatewayLimits;
  scaleOut: ScaleOutConfig;
}

/** Several replicas on one PostgreSQL (docs/gateway.md#scale-out). */
export interface ScaleOutConfig {
  /**
   * KUBEMEDIC_SCALE_OUT: events go through the database's event log and
   * LISTEN/NOTIFY, turns hold a lease and survive their replica. Every
   * replica sharing a database must set it. Only with PostgreSQL (the
   * embedded database is one process). @default false
   */
  enabled: boolean;
  /**
   * KUBEMEDIC_TURN_LEASE_MS: a running turn's lease; renewed every third of
   * it, and once it lapsed another replica resumes the turn. @default 15_000
   */
  leaseMs: number;
}

/**
 * What the `serve` command's flags can override (they win over the
 * environment). Raw flag text is fine: it is validated like the variables.
 */
export interface ConfigOverrides {
  host?: string | undefined;
  port?: string | number | undefined;
  dataDir?: string | undefined;
  demo?: boolean | undefined;
  kubeconfig?: string | undefined;
  context?: string | undefined;
}

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const PORT_RULE = "must be a whole number from 0 to 65535";
const port = z.preprocess(
  (v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z.number({ error: PORT_RULE }).int(PORT_RULE).min(0, PORT_RULE).max(65_535, PORT_RULE),
);

/** A whole number within bounds, from an environment string; unset takes the default. */
function count(min: number, max: number, fallback: number) {
  const rule = `must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    (v) => {
      const e = emptyToUndefined(v);
      return typeof e === "string" && /^\d+$/.test(e.trim()) ? Number(e) : e;
    },
    z.number({ error: rule }).int(rule).min(min, rule).max(max, rule).default(fallback),
  );
}

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
const ORIGIN = /^https?:\/\/[^/\s]+$/;
const HOST_NAME = /^\.?[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/;

const EnvSchema = z.object({
  HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
  PORT: z.preprocess(emptyToUndefined, port.default(8080)),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^postgres(ql)?:\/\/\S+$/,
        "must be a postgresql:// URL (unset it for the embedded database)",
      )
      .optional(),
  ),
  KUBEMEDIC_DATA_DIR: z.preprocess(emptyToUndefined, z.string().default(".kubemedic")),
  LOG_LEVEL: z.preprocess(
    (v) => (typeof v === "string" ? emptyToUndefined(v.trim().toLowerCase()) : v),
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  ),
  KUBEMEDIC_AUTH_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .min(16, "must be at least 16 characters (unset it to have one generated)")
      .max(512, "must be at most 512 characters")
      .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
      .optional(),
  ),
  KUBEMEDIC_TRUST_PROXY_USER_HEADER: z.preprocess(
    emptyToUndefined,
    z.string().trim().regex(HEADER_NAME, "must be an HTTP header name").optional(),
  ),
  KUBEMEDIC_ALLOWED_ORIGINS: z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim().replace(/\/+$/, ""))
            .filter((s) => s !== "")
        : v,
    z
      .array(z.string().regex(ORIGIN, "must be a comma-separated list of http(s)://host[:port]"))
      .default([]),
  ),
  KUBEMEDIC_ALLOWED_HOSTS: z.preprocess(
    (v) =>
      typeof v === "string"
        ? v.trim() === ""
          ? undefined
          : v
              .split(",")
              .map((s) => s.trim().toLowerCase().replace(/\.$/, ""))
              .filter((s) => s !== "")
        : v,
    z
      .array(
        z.string().refine((s) => s === "*" || HOST_NAME.test(s), {
          message:
            "must be a comma-separated list of host names (.example.com: and subdomains; *: any)",
        }),
      )
      .transform((list): AllowedHosts => (list.includes("*") ? "any" : list))
      .optional(),
  ),
  KUBEMEDIC_SESSION_MAX_AGE_DAYS: count(1, 365, 30),
  KUBEMEDIC_DEMO: z.preprocess(
    (v) => {
      const e = emptyToUndefined(v);
      if (typeof e !== "string") return e;
      const s = e.trim().toLowerCase();
      return ["1", "true", "yes", "on"].includes(s)
        ? "on"
        : ["0", "false", "no", "off"].includes(s)
          ? "off"
          : s;
    },
    z.enum(DEMO_MODES, { error: "must be auto, true or false" }).default("auto"),
  ),
  KUBEMEDIC_KUBECONFIG: z.preprocess(emptyToUndefined, z.string().optional()),
  KUBEMEDIC_CONTEXT: z.preprocess(emptyToUndefined, z.string().max(253).optional()),
  KUBEMEDIC_DEMO_LATENCY_MS: count(0, 10_000, 0),
  KUBEMEDIC_MAX_FRAME_BYTES: count(1_024, 1_048_576, MAX_FRAME_BYTES),
  KUBEMEDIC_RATE_LIMIT: count(1, 100_000, 20),
  KUBEMEDIC_RATE_BURST: count(1, 100_000, 60),
  KUBEMEDIC_RATE_BYTES: count(1_024, 1_073_741_824, 131_072),
  KUBEMEDIC_USER_RATE_LIMIT: count(1, 1_000_000, 60),
  KUBEMEDIC_USER_RATE_BYTES: count(1_024, 1_073_741_824, 262_144),
  KUBEMEDIC_REST_RATE_LIMIT: count(1, 100_000, 20),
  KUBEMEDIC_REST_RATE_BURST: count(1, 100_000, 60),
  KUBEMEDIC_REST_CONCURRENCY: count(1, 1_000, 8),
  KUBEMEDIC_MAX_CONVERSATIONS_PER_USER: count(1, 10_000_000, 10_000),
  KUBEMEDIC_MAX_TURNS_PER_USER: count(1, 100_000, 4),
  KUBEMEDIC_MAX_RUNNING_TURNS: count(1, 10_000, 16),
  KUBEMEDIC_MAX_CONNECTIONS_PER_USER: count(1, 100_000, 32),
  KUBEMEDIC_WS_HEARTBEAT_MS: count(1_000, 600_000, 30_000),
  KUBEMEDIC_SHUTDOWN_GRACE_MS: count(0, 600_000, 10_000),
  KUBEMEDIC_HEAP_GROWTH_PERCENT: count(0, 1_000, 50),
  KUBEMEDIC_SCALE_OUT: z.preprocess(
    (v) => {
      const e = emptyToUndefined(v);
      if (typeof e !== "string") return e;
      const s = e.trim().toLowerCase();
      return ["1", "true", "yes", "on"].includes(s)
        ? true
        : ["0", "false", "no", "off"].includes(s)
          ? false
          : s;
    },
    z.boolean({ error: "must be true or false" }).optional(),
  ),
  KUBEMEDIC_TURN_LEASE_MS: count(500, 600_000, 15_000),
});

const FLAG_OF: Record<string, string> = {
  HOST: "--host",
  PORT: "--port",
  KUBEMEDIC_DATA_DIR: "--data-dir",
  KUBEMEDIC_KUBECONFIG: "--kubeconfig",
  KUBEMEDIC_CONTEXT: "--context",
};

/** Variables whose values never appear in a message. */
const SECRET_KEYS = new Set(["DATABASE_URL", "KUBEMEDIC_AUTH_TOKEN"]);

/**
 * Reads the configuration from the environment, with the CLI flags on top.
 * Throws a ServerError `config_invalid` naming the first bad variable.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: ConfigOverrides = {},
  cwd = process.cwd(),
): ServerConfig {
  const merged: Record<string, unknown> = { ...env };
  const fromFlag = new Set<string>();
  const set = (key: string, value: unknown) => {
    if (value === undefined) return;
    merged[key] = typeof value === "number" ? String(value) : value;
    fromFlag.add(key);
  };
  set("HOST", overrides.host);
  set("PORT", overrides.port);
  set("KUBEMEDIC_DATA_DIR", overrides.dataDir);
  set("KUBEMEDIC_KUBECONFIG", overrides.kubeconfig);
  set("KUBEMEDIC_CONTEXT", overrides.context);
  if (overrides.demo === true) set("KUBEMEDIC_DEMO", "on");

  const parsed = EnvSchema.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = String(issue?.path[0] ?? "configuration");
    const source = fromFlag.has(key) ? (FLAG_OF[key] ?? key) : key;
    const shown = SECRET_KEYS.has(key) ? "" : ` (got ${JSON.stringify(merged[key])})`;
    throw new ServerError("config_invalid", `${source} ${issue?.message ?? "is invalid"}${shown}`, {
      hint: "fix it and start again (docs/configuration.md)",
    });
  }
  const e = parsed.data;
  if (e.KUBEMEDIC_DEMO === "on" && e.KUBEMEDIC_KUBECONFIG !== undefined) {
    throw new ServerError("config_invalid", "--demo cannot be combined with --kubeconfig", {
      hint: "choose one: the built-in demo cluster, or your kubeconfig",
    });
  }
  return {
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(cwd, e.KUBEMEDIC_DATA_DIR),
    logLevel: e.LOG_LEVEL,
    authToken: e.KUBEMEDIC_AUTH_TOKEN,
    trustProxyUserHeader: e.KUBEMEDIC_TRUST_PROXY_USER_HEADER?.toLowerCase(),
    allowedOrigins: e.KUBEMEDIC_ALLOWED_ORIGINS,
    allowedHosts:
      e.KUBEMEDIC_ALLOWED_HOSTS ??
      defaultAllowedHosts(e.HOST, e.KUBEMEDIC_TRUST_PROXY_USER_HEADER !== undefined),
    sessionMaxAgeDays: e.KUBEMEDIC_SESSION_MAX_AGE_DAYS,
    demo: e.KUBEMEDIC_DEMO,
    kubeconfig:
      e.KUBEMEDIC_KUBECONFIG === undefined ? undefined : resolve(cwd, e.KUBEMEDIC_KUBECONFIG),
    context: e.KUBEMEDIC_CONTEXT,
    demoLatencyMs: e.KUBEMEDIC_DEMO_LATENCY_MS,
    heapGrowthPercent: e.KUBEMEDIC_HEAP_GROWTH_PERCENT,
    scaleOut: {
      enabled: e.DATABASE_URL !== undefined && e.KUBEMEDIC_SCALE_OUT === true,
      leaseMs: e.KUBEMEDIC_TURN_LEASE_MS,
    },
    limits: {
      maxFrameBytes: e.KUBEMEDIC_MAX_FRAME_BYTES,
      framesPerSecond: e.KUBEMEDIC_RATE_LIMIT,
      frameBurst: e.KUBEMEDIC_RATE_BURST,
      bytesPerSecond: e.KUBEMEDIC_RATE_BYTES,
      userFramesPerSecond: e.KUBEMEDIC_USER_RATE_LIMIT,
      userBytesPerSecond: e.KUBEMEDIC_USER_RATE_BYTES,
      maxTurnsPerUser: e.KUBEMEDIC_MAX_TURNS_PER_USER,
      maxRunningTurns: e.KUBEMEDIC_MAX_RUNNING_TURNS,
      maxConnectionsPerUser: e.KUBEMEDIC_MAX_CONNECTIONS_PER_USER,
      restPerSecond: e.KUBEMEDIC_REST_RATE_LIMIT,
      restBurst: e.KUBEMEDIC_REST_RATE_BURST,
      restConcurrency: e.KUBEMEDIC_REST_CONCURRENCY,
      maxConversationsPerUser: e.KUBEMEDIC_MAX_CONVERSATIONS_PER_USER,
      heartbeatMs: e.KUBEMEDIC_WS_HEARTBEAT_MS,
      shutdownGraceMs: e.KUBEMEDIC_SHUTDOWN_GRACE_MS,
    },
  };
}
