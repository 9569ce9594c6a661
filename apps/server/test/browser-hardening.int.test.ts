import { createHash } from "node:crypto";
import { ApiErrorBody } from "@kubemedic/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayFixture, TEST_TOKEN } from "./gateway-fixture";
import { rawHttp, type RawResponse } from "./raw-http";
import { serverBackends, type ServerDatabase } from "./server-backends";
import { TestSocket } from "./test-socket";

/**
 * Issue #19 item 9, against one real server in its default setup (loopback,
 * no proxy): every answer carries a strict Content-Security-Policy and the
 * other security headers, and a request addressed to a name that is not
 * loopback's (DNS rebinding) is refused, on REST and on the WebSocket.
 */
const [pglite] = await serverBackends();
const AUTH = { authorization: `Bearer ${TEST_TOKEN}` };

/** The CSP of an answer as directive → sources. */
function cspOf(res: RawResponse): Map<string, string[]> {
  const header = res.headers["content-security-policy"];
  expect(typeof header).toBe("string");
  return new Map(
    String(header)
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0] !== "")
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe("browser hardening on pglite", () => {
  let database: ServerDatabase;
  let fx: GatewayFixture;
  beforeAll(async () => {
    database = await pglite!.create();
    fx = await GatewayFixture.start(database);
  });
  afterAll(async () => {
    await fx?.close();
    await database?.dispose();
  });
  const port = () => new URL(fx.url).port;

  it("every answer has a strict CSP (self only, no inline script, socket to self) and security headers", async () => {
    for (const [path, headers] of [
      ["/", {}],
      ["/healthz", {}],
      ["/api/session", {}],
      ["/api/conversations", AUTH],
      ["/login?token=wrong", {}],
    ] as const) {
      const res = await rawHttp(fx.url, path, { headers });
      const csp = cspOf(res);
      expect([path, csp.get("default-src")]).toEqual([path, ["'self'"]]);
      expect([path, csp.get("script-src")]).toEqual([path, ["'self'"]]);
      expect([path, csp.get("connect-src")]).toEqual([path, ["'self'"]]);
      expect([path, csp.get("img-src")]).toEqual([path, ["'self'", "data:"]]);
      expect([path, csp.get("object-src"), csp.get("frame-ancestors")]).toEqual([
        path,
        ["'none'"],
        ["'none'"],
      ]);
      for (const sources of csp.values()) {
        expect(sources).not.toContain("'unsafe-inline'");
        expect(sources).not.toContain("'unsafe-eval'");
        expect(sources).not.toContain("*");
      }
      expect([path, res.headers["x-frame-options"]]).toEqual([path, "DENY"]);
      expect([path, res.headers["x-content-type-options"]]).toEqual([path, "nosniff"]);
      expect([path, res.headers["cross-origin-opener-policy"]]).toEqual([path, "same-origin"]);
      // Plain HTTP on loopback: HSTS belongs to the TLS proxy in front.
      expect([path, res.headers["strict-transport-security"]]).toEqual([path, undefined]);
    }
  });

  it("the server-written pages' one inline stylesheet is exactly what the CSP allows by hash", async () => {
    for (const path of ["/", "/login?token=wrong"]) {
      const res = await rawHttp(fx.url, path, { headers: { accept: "text/html" } });
      const styles = [...res.text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
      expect([path, styles.length]).toEqual([path, 1]);
      const hash = `'sha256-${createHash("sha256").update(styles[0]!).digest("base64")}'`;
      expect([path, cspOf(res).get("style-src")]).toEqual([path, ["'self'", hash]]);
      expect(res.text).not.toMatch(/<script|style="/);
    }
  });

  it("a request addressed to a foreign name (DNS rebinding) is 421 host_not_allowed; loopback names pass", async () => {
    for (const host of [
      "evil.example",
      `rebind.attacker.test:${port()}`,
      "localhost.evil.example",
    ]) {
      for (const path of ["/api/conversations", "/api/session", "/", "/metrics"]) {
        const res = await rawHttp(fx.url, path, { headers: { ...AUTH, host } });
        expect([host, path, res.status, ApiErrorBody.parse(res.json).error.code]).toEqual([
          host,
          path,
          421,
          "host_not_allowed",
        ]);
      }
    }
    for (const host of [`localhost:${port()}`, `127.0.0.1:${port()}`, `app.localhost:${port()}`]) {
      const res = await rawHttp(fx.url, "/api/conversations", { headers: { ...AUTH, host } });
      expect([host, res.status]).toEqual([host, 200]);
    }
  });

  it("a WebSocket handshake to a foreign name is refused before it opens; loopback names connect", async () => {
    await expect(
      TestSocket.open(fx.url, { token: TEST_TOKEN, headers: { host: "evil.example" } }),
    ).rejects.toThrow(/421/);
    const socket = await fx.socket({ token: TEST_TOKEN, headers: { host: `localhost:${port()}` } });
    expect(socket.frames[0]?.type).toBe("welcome");
    socket.ws.close();
  });
});
