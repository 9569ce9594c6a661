import { ApiErrorBody } from "@kubemedic/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayFixture, TEST_TOKEN } from "./gateway-fixture";
import { rawHttp, type RawResponse } from "./raw-http";
import { serverBackends, type ServerDatabase } from "./server-backends";
import { pollHealth } from "./ws-flood";

/**
 * The REST side of the hostile review of issue #19, replayed at a CI-friendly
 * size against one server on the embedded database with the default limits:
 * malformed requests of every kind (none may be a 5xx or an error log line),
 * 48 concurrent conversation reads from one user (they used to make /healthz
 * answer 503), and a sign-in brute force (2,000 wrong tokens used to take
 * 2.5 s).
 */
const [pglite] = await serverBackends();
const AUTH = { authorization: `Bearer ${TEST_TOKEN}` };

/** mulberry32, seeded: a failure is reproducible. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("hostile REST traffic", () => {
  let database: ServerDatabase;
  let fx: GatewayFixture;
  const logs: string[] = [];
  let conversationId = "";
  beforeAll(async () => {
    database = await pglite!.create();
    fx = await GatewayFixture.start(database, {
      logs,
      env: { KUBEMEDIC_TRUST_PROXY_USER_HEADER: "X-User" },
    });
    conversationId = (
      await fx.json<{ id: string }>("/api/conversations", { method: "POST", body: { title: "t" } })
    ).id;
  });
  afterAll(async () => {
    await fx?.close();
    await database?.dispose();
  });

  it("600 malformed requests: every one a 4xx with a code (or a 2xx), never a 500, never an error log line", async () => {
    const random = rng(Number(process.env.KUBEMEDIC_FUZZ_SEED ?? 20261127));
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
    const ids = [
      "%",
      "%ff%fe",
      "%00",
      "a%00b",
      "%c0%80",
      "%ed%a0%80",
      "..%2f..",
      "%25",
      conversationId,
      "x".repeat(300),
    ];
    const paths = [
      () => `/api/conversations/${pick(ids)}`,
      () =>
        `/api/conversations/${pick(ids)}/reports/${pick(ids)}?format=${pick(["md", "json", "%00", "pdf"])}`,
      () =>
        `/api/conversations?q=${pick(ids)}&limit=${pick(["1", "-1", "1e9", "%00", "abc"])}&cursor=${pick(ids)}`,
      () => `/api/clusters?context=${pick(ids)}`,
      () => `/api/scan?namespace=${pick(ids)}`,
      () => `/login?token=${pick(ids)}`,
      () => `/api/${pick(ids)}`,
    ];
    const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
    const bodies = [
      '{"title":"ok"}',
      deep(30_000),
      `{"title":${deep(40)}}`,
      "{oops",
      '{"title":"\\u0000\\ud800"}',
      "null",
      '"string"',
      "x".repeat(70_000),
    ];
    const types = [
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/json; charset=latin-9",
      "application/merge-patch+json",
    ];
    const encodings = [undefined, "gzip", "deflate", "br", "zstd-nope", "identity"];
    const answers: RawResponse[] = [];
    // A few at a time: this is a fuzz, not a load test (and it stays within the REST rate).
    for (let round = 0; round < 60; round++) {
      const batch = Array.from({ length: 10 }, () => {
        const method = pick(["GET", "POST", "PATCH", "DELETE", "PUT"]);
        const hasBody = method !== "GET" && random() < 0.8;
        const encoding = hasBody ? pick(encodings) : undefined;
        return rawHttp(fx.url, pick(paths)(), {
          method,
          headers: {
            ...(random() < 0.9 ? AUTH : { "x-user": pick(["local", "a\u00e9", "proxy:local"]) }),
            ...(hasBody ? { "content-type": pick(types) } : {}),
            ...(encoding === undefined ? {} : { "content-encoding": encoding }),
            ...(random() < 0.2 ? { origin: pick(["http://evil.example", fx.url, "null"]) } : {}),
          },
          ...(hasBody ? { body: pick(bodies) } : {}),
        });
      });
      answers.push(...(await Promise.all(batch)));
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    // 502 cluster_unreachable is an honest answer here (the server has no cluster); 500 never is.
    const serverErrors = answers.filter(
      (a) => a.status === 500 || (a.json as ApiErrorBody | undefined)?.error?.code === "internal",
    );
    expect(serverErrors.map((a) => a.text.slice(0, 200))).toEqual([]);
    for (const a of answers.filter((x) => x.status >= 400 && x.json !== undefined)) {
      expect(ApiErrorBody.safeParse(a.json).success).toBe(true);
    }
    expect(answers.filter((a) => a.status === 429).length).toBeLessThan(answers.length / 10);
    const errorLines = logs.filter((l) => (JSON.parse(l) as { level: string }).level === "error");
    expect(errorLines).toEqual([]);
  });

  it("48 concurrent conversation reads from one user: /healthz answers 200 throughout, nothing fails with a 5xx", async () => {
    // A user of their own: the malformed requests above spent most of the token
    // user's burst, and what is left of it depends on how fast this machine sent them.
    const reader = "concurrent-reader";
    const own = await fx.json<{ id: string }>("/api/conversations", {
      method: "POST",
      body: { title: "reads" },
      user: reader,
    });
    const stop = new AbortController();
    const health = pollHealth(fx.url, 50, stop.signal);
    const reads = await Promise.all(
      Array.from({ length: 48 }, () =>
        rawHttp(fx.url, `/api/conversations/${own.id}`, { headers: { "x-user": reader } }),
      ),
    );
    stop.abort();
    const samples = await health;
    const statuses = reads.map((r) => r.status);
    // 8 at a time, 32 more waiting their turn, the rest refused at once.
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(40);
    expect(samples.statuses.length).toBeGreaterThan(0);
    expect(samples.statuses.every((s) => s === 200)).toBe(true);
  });

  it("2,000 wrong tokens as fast as one address can send them: a handful are checked, the rest wait", async () => {
    const statuses: number[] = [];
    const started = performance.now();
    for (let round = 0; round < 20; round++) {
      const batch = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          rawHttp(fx.url, "/api/session", {
            headers: { authorization: `Bearer wrong-${round}-${i}-0123456789abcdef` },
            localAddress: "127.0.0.9",
          }),
        ),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    const seconds = (performance.now() - started) / 1000;
    expect(statuses).toHaveLength(2_000);
    // 5 free, then one per wait of 1 s, 2 s, 4 s…: after t seconds, at most log2(t + 1) more.
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeLessThanOrEqual(5 + 1 + Math.floor(Math.log2(seconds + 1)));
    expect(statuses.filter((s) => s === 429).length).toBe(2_000 - checked);
    expect(logs.some((l) => l.includes("sign-in throttled") && l.includes("127.0.0.9"))).toBe(true);
  });
});
