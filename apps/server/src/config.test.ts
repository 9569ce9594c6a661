import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { isServerError } from "./errors";

function failure(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (isServerError(error, "config_invalid")) return error.oneLine;
    throw error;
  }
  throw new Error("expected config_invalid");
}

describe("loadConfig", () => {
  it("has the documented defaults", () => {
    expect(loadConfig({}, {}, "/srv/app")).toEqual({
      host: "127.0.0.1",
      port: 8080,
      databaseUrl: undefined,
      dataDir: "/srv/app/.kubemedic",
      logLevel: "info",
      authToken: undefined,
      trustProxyUserHeader: undefined,
      allowedOrigins: [],
      allowedHosts: ["localhost", ".localhost"],
      sessionMaxAgeDays: 30,
      demo: "auto",
      kubeconfig: undefined,
      context: undefined,
      demoLatencyMs: 0,
      heapGrowthPercent: 50,
      scaleOut: { enabled: false, leaseMs: 15_000 },
      limits: {
        maxFrameBytes: 65_536,
        framesPerSecond: 20,
        frameBurst: 60,
        bytesPerSecond: 131_072,
        userFramesPerSecond: 60,
        userBytesPerSecond: 262_144,
        maxTurnsPerUser: 4,
        maxRunningTurns: 16,
        maxConnectionsPerUser: 32,
        restPerSecond: 20,
        restBurst: 60,
        restConcurrency: 8,
        maxConversationsPerUser: 10_000,
        heartbeatMs: 30_000,
        shutdownGraceMs: 10_000,
      },
    });
  });

  it("reads the environment, with flags on top, and treats empty values as unset", () => {
    const env = {
      HOST: "0.0.0.0",
      PORT: "9000",
      DATABASE_URL: "postgresql://u@db:5432/k",
      KUBEMEDIC_DATA_DIR: "/data",
      LOG_LEVEL: "DEBUG",
    };
    expect(loadConfig(env, {}, "/x")).toMatchObject({
      host: "0.0.0.0",
      port: 9000,
      databaseUrl: "postgresql://u@db:5432/k",
      dataDir: "/data",
      logLevel: "debug",
    });
    expect(loadConfig(env, { host: "::1", port: "0", dataDir: "rel" }, "/x")).toMatchObject({
      host: "::1",
      port: 0,
      dataDir: "/x/rel",
    });
    expect(loadConfig({ DATABASE_URL: "", PORT: " " }, {}, "/x")).toMatchObject({
      databaseUrl: undefined,
      port: 8080,
    });
  });

  it("reads auth, cluster and limit settings", () => {
    const config = loadConfig(
      {
        KUBEMEDIC_AUTH_TOKEN: "a-long-enough-token-123",
        KUBEMEDIC_TRUST_PROXY_USER_HEADER: "X-Forwarded-User",
        KUBEMEDIC_ALLOWED_ORIGINS: "http://localhost:5173/, https://kubemedic.example.com",
        KUBEMEDIC_DEMO: "false",
        KUBEMEDIC_CONTEXT: "prod",
        KUBEMEDIC_MAX_FRAME_BYTES: "4096",
        KUBEMEDIC_RATE_LIMIT: "5",
        KUBEMEDIC_MAX_TURNS_PER_USER: "2",
        KUBEMEDIC_HEAP_GROWTH_PERCENT: "0",
        KUBEMEDIC_DEMO_LATENCY_MS: "150",
      },
      { kubeconfig: "kc.yaml" },
      "/w",
    );
    expect(config).toMatchObject({
      authToken: "a-long-enough-token-123",
      trustProxyUserHeader: "x-forwarded-user",
      allowedOrigins: ["http://localhost:5173", "https://kubemedic.example.com"],
      demo: "off",
      kubeconfig: "/w/kc.yaml",
      context: "prod",
      heapGrowthPercent: 0,
      demoLatencyMs: 150,
      limits: { maxFrameBytes: 4096, framesPerSecond: 5, maxTurnsPerUser: 2 },
    });
    expect(loadConfig({ KUBEMEDIC_DEMO: "false" }, { demo: true }).demo).toBe("on");
  });

  it("reads the allowed Host names, defaulting to loopback's on loopback without a proxy", () => {
    const hosts = (env: Record<string, string>) => loadConfig(env).allowedHosts;
    expect(hosts({ KUBEMEDIC_ALLOWED_HOSTS: "Kubemedic.Example.com., .corp.example" })).toEqual([
      "kubemedic.example.com",
      ".corp.example",
    ]);
    expect(hosts({ KUBEMEDIC_ALLOWED_HOSTS: "*" })).toBe("any");
    expect(hosts({ HOST: "0.0.0.0" })).toBe("any");
    expect(hosts({ KUBEMEDIC_TRUST_PROXY_USER_HEADER: "X-Forwarded-User" })).toBe("any");
    expect(hosts({ HOST: "0.0.0.0", KUBEMEDIC_ALLOWED_HOSTS: "a.example" })).toEqual(["a.example"]);
    expect(failure(() => loadConfig({ KUBEMEDIC_ALLOWED_HOSTS: "http://a.example" }))).toMatch(
      /^KUBEMEDIC_ALLOWED_HOSTS must be a comma-separated list of host names/,
    );
  });

  it("turns scale-out on when asked, with PostgreSQL only", () => {
    const pg = { DATABASE_URL: "postgresql://u@db:5432/k" };
    expect(loadConfig(pg).scaleOut).toEqual({ enabled: false, leaseMs: 15_000 });
    expect(loadConfig({ ...pg, KUBEMEDIC_SCALE_OUT: "true" }).scaleOut.enabled).toBe(true);
    expect(loadConfig({ ...pg, KUBEMEDIC_SCALE_OUT: "false" }).scaleOut.enabled).toBe(false);
    expect(
      loadConfig({ KUBEMEDIC_SCALE_OUT: "true", KUBEMEDIC_TURN_LEASE_MS: "2500" }).scaleOut,
    ).toEqual({ enabled: false, leaseMs: 2_500 });
    expect(failure(() => loadConfig({ KUBEMEDIC_SCALE_OUT: "sometimes" }))).toMatch(
      /KUBEMEDIC_SCALE_OUT must be true or false/,
    );
    expect(failure(() => loadConfig({ KUBEMEDIC_TURN_LEASE_MS: "100" }))).toMatch(
      /KUBEMEDIC_TURN_LEASE_MS must be a whole number from 500 to 600000/,
    );
  });

  it("refuses bad auth and limit settings without echoing the token", () => {
    const short = failure(() => loadConfig({ KUBEMEDIC_AUTH_TOKEN: "hunter2" }));
    expect(short).toMatch(/^KUBEMEDIC_AUTH_TOKEN must be at least 16 characters/);
    expect(short).not.toContain("hunter2");
    expect(failure(() => loadConfig({ KUBEMEDIC_ALLOWED_ORIGINS: "localhost:5173" }))).toMatch(
      /^KUBEMEDIC_ALLOWED_ORIGINS must be a comma-separated list/,
    );
    expect(failure(() => loadConfig({ KUBEMEDIC_RATE_LIMIT: "0" }))).toMatch(
      /^KUBEMEDIC_RATE_LIMIT must be a whole number from 1/,
    );
    expect(failure(() => loadConfig({ KUBEMEDIC_HEAP_GROWTH_PERCENT: "-5" }))).toMatch(
      /^KUBEMEDIC_HEAP_GROWTH_PERCENT must be a whole number from 0/,
    );
    expect(failure(() => loadConfig({ KUBEMEDIC_DEMO_LATENCY_MS: "20000" }))).toMatch(
      /^KUBEMEDIC_DEMO_LATENCY_MS must be a whole number from 0 to 10000/,
    );
    expect(failure(() => loadConfig({ KUBEMEDIC_DEMO: "maybe" }))).toMatch(
      /^KUBEMEDIC_DEMO must be auto, true or false/,
    );
    expect(failure(() => loadConfig({}, { demo: true, kubeconfig: "x" }))).toMatch(
      /--demo cannot be combined with --kubeconfig/,
    );
  });

  it("names the bad variable or flag and never echoes DATABASE_URL", () => {
    expect(failure(() => loadConfig({ PORT: "80.5" }))).toMatch(
      /^PORT must be a whole number from 0 to 65535 \(got "80\.5"\)/,
    );
    expect(failure(() => loadConfig({ PORT: "65536" }))).toMatch(/^PORT must be/);
    expect(failure(() => loadConfig({}, { port: "-1" }))).toMatch(/^--port must be/);
    expect(failure(() => loadConfig({ LOG_LEVEL: "loud" }))).toMatch(
      /^LOG_LEVEL must be one of fatal, error/,
    );
    const db = failure(() => loadConfig({ DATABASE_URL: "mysql://root:hunter2@db/k" }));
    expect(db).toMatch(/^DATABASE_URL must be a postgresql:\/\/ URL/);
    expect(db).not.toContain("hunter2");
  });
});
