import { describe, expect, it } from "vitest";
import { parseForbidden, readLogSignals } from "./logSignals";

describe("readLogSignals", () => {
  it("names a missing environment variable in its many phrasings", () => {
    for (const line of [
      'FATAL config: required environment variable "DATABASE_URL" is not set',
      "Error: env var DATABASE_URL is missing",
      "KeyError: 'DATABASE_URL'",
      "panic: required key DATABASE_URL missing value",
      "missing required environment variable: DATABASE_URL",
      "DATABASE_URL must be set",
    ])
      expect(readLogSignals(`starting\n${line}\n`).missingEnv?.name).toBe("DATABASE_URL");
  });

  it("reads 403s from the API server's sentence and from structured records, gathering the verbs", () => {
    const f = readLogSignals(
      [
        'level=error msg="request failed" status="403 Forbidden" verb=list resource=configmaps namespace=ops user=system:serviceaccount:ops:reloader',
        'E1122 reflector.go:158] err="configmaps is forbidden: User \\"system:serviceaccount:ops:reloader\\" cannot watch resource \\"configmaps\\" in API group \\"\\" in the namespace \\"ops\\""',
      ].join("\n"),
    ).forbidden;
    expect(f).toMatchObject({
      serviceAccount: { namespace: "ops", name: "reloader" },
      resource: "configmaps",
      verbs: ["list", "watch"],
    });
    expect(
      parseForbidden(
        'pods is forbidden: User "system:serviceaccount:a:b" cannot list resource "pods" in API group "" at the cluster scope',
      ),
    ).toMatchObject({
      verb: "list",
      resource: "pods",
      namespace: undefined,
    });
    expect(parseForbidden("GET /admin 200")).toBeUndefined();
  });

  it("finds DNS failures and timed-out connections with their host", () => {
    expect(
      readLogSignals(
        "dial tcp: lookup postgres.shop.svc.cluster.local on 10.96.0.10:53: no such host",
      ).dns?.host,
    ).toBe("postgres.shop.svc.cluster.local");
    expect(readLogSignals("Error: getaddrinfo ENOTFOUND redis-master").dns?.host).toBe(
      "redis-master",
    );
    expect(
      readLogSignals('could not translate host name "db" to address: Name or service not known').dns
        ?.host,
    ).toBe("db");
    expect(readLogSignals("dial tcp 10.96.45.12:5432: i/o timeout").connection).toMatchObject({
      host: "10.96.45.12",
      port: 5432,
      timeout: true,
    });
    expect(readLogSignals("connect ECONNREFUSED 10.0.0.7:6379").connection).toMatchObject({
      port: 6379,
      timeout: false,
    });
  });

  it.each([
    ["dial tcp redis:6380: connect: connection refused", "redis", 6380],
    ["Error: connect ECONNREFUSED 10.96.77.31:6380", "10.96.77.31", 6380],
    [
      'psycopg.OperationalError: connection failed: connection to server at "postgres" (10.96.130.44), port 5433 failed: Connection refused',
      "postgres",
      5433,
    ],
    [
      'psycopg2.OperationalError: connection to server at "db.shop.svc", port 5433 failed: Connection refused',
      "db.shop.svc",
      5433,
    ],
    [
      "redis.exceptions.ConnectionError: Error 111 connecting to cache:6380. Connection refused.",
      "cache",
      6380,
    ],
    [
      "io.netty.channel.AbstractChannel$AnnotatedConnectException: Connection refused: kafka/10.96.3.4:9093",
      "kafka",
      9093,
    ],
    ["curl: (7) Failed to connect to api port 8081 after 2 ms: Connection refused", "api", 8081],
  ])("reads the host and port of a refused connection: %s", (line, host, port) => {
    expect(readLogSignals(line).connection).toEqual({ host, port, timeout: false, line });
  });

  it("keeps the line that says what failed with a line of context, not the exit footer, and quiet logs stay quiet", () => {
    const s = readLogSignals(
      "booting\nloading 10 files\nerror: cannot open /data/x\nexiting with status 1\n",
    );
    expect(s.decisive).toEqual(["loading 10 files", "error: cannot open /data/x"]);
    expect(s.cause).toBe("error: cannot open /data/x");
    const quiet = readLogSignals("GET / 200\nGET /healthz 200\n0 errors\n");
    expect([quiet.forbidden, quiet.dns, quiet.connection, quiet.missingEnv]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
