import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { IncomingMessage } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import pg from "pg";
import { createPrismaClient } from "../db/prisma";
import { Authenticator, LOCAL_USER, PROXY_USER_PREFIX } from "./authenticator";
import { resolveAuthToken } from "./local-token";
import { originAllowed } from "./origin";
import { parseCookies, sessionCookieHeader } from "./session-cookie";
import { SessionStore } from "./session-store";

const TOKEN = "test-token-0123456789abcdef";
const scratch = mkdtempSync(join(tmpdir(), "kubemedic-auth-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A store on a pool that is never connected: these tests send no cookie, so it is never asked. */
const unusedSessions = new SessionStore(
  createPrismaClient(new pg.Pool({ connectionString: "postgresql://nobody@127.0.0.1:1/none" })),
  { token: TOKEN },
);

describe("Authenticator", () => {
  const auth = new Authenticator({
    token: TOKEN,
    proxyUserHeader: undefined,
    sessions: unusedSessions,
  });

  it("accepts the bearer token as the local user, nothing else", async () => {
    expect(await auth.authenticate({ authorization: `Bearer ${TOKEN}` })).toEqual({
      ok: true,
      user: LOCAL_USER,
      via: "bearer",
    });
    expect((await auth.authenticate({ authorization: "Bearer wrong" })).ok).toBe(false);
    expect((await auth.authenticate({ authorization: `Basic ${TOKEN}` })).ok).toBe(false);
    expect(await auth.authenticate({})).toMatchObject({ ok: false, reason: /login link/ });
  });

  it("in trusted-proxy mode, takes the user from the header as proxy:<name> and still accepts the token", async () => {
    const proxy = new Authenticator({
      token: TOKEN,
      proxyUserHeader: "x-forwarded-user",
      sessions: unusedSessions,
    });
    expect(await proxy.authenticate({ "x-forwarded-user": "alice@example.com" })).toEqual({
      ok: true,
      user: "proxy:alice@example.com",
      via: "proxy",
    });
    expect((await proxy.authenticate({ "x-forwarded-user": "bad\u0000name" })).ok).toBe(false);
    expect(await proxy.authenticate({ authorization: `Bearer ${TOKEN}` })).toMatchObject({
      ok: true,
      user: LOCAL_USER,
    });
    expect(await proxy.authenticate({})).toMatchObject({ ok: false, reason: /x-forwarded-user/ });
  });

  it("is the regression for a proxy user named like the token user: no header value is another principal", async () => {
    const proxy = new Authenticator({
      token: TOKEN,
      proxyUserHeader: "x-forwarded-user",
      sessions: unusedSessions,
    });
    for (const name of [LOCAL_USER, " local ", "proxy:local", TOKEN]) {
      const result = await proxy.authenticate({ "x-forwarded-user": name });
      expect(result).toMatchObject({ ok: true, via: "proxy" });
      expect(result.ok && result.user).not.toBe(LOCAL_USER);
      expect(result.ok && result.user.startsWith(PROXY_USER_PREFIX)).toBe(true);
    }
  });
});

describe("session cookie", () => {
  it("is HttpOnly and SameSite=Lax, Secure only over HTTPS", () => {
    const header = sessionCookieHeader("v", false, 3600);
    expect(header).toBe("kubemedic_session=v; Path=/; HttpOnly; SameSite=Lax; Max-Age=3600");
    expect(sessionCookieHeader("v", true, 1)).toMatch(/; Secure$/);
    expect(parseCookies('a=1; b="2"; a=3')).toEqual(
      new Map([
        ["a", "1"],
        ["b", "2"],
      ]),
    );
  });
});

describe("originAllowed", () => {
  const req = (origin: string | undefined, host = "127.0.0.1:8080") =>
    ({ headers: { origin, host } }) as unknown as IncomingMessage;
  it("allows no Origin, the server's own origin and the configured ones, nothing else", () => {
    expect(originAllowed(req(undefined), [])).toBe(true);
    expect(originAllowed(req("http://127.0.0.1:8080"), [])).toBe(true);
    expect(originAllowed(req("http://localhost:5173"), ["http://localhost:5173"])).toBe(true);
    expect(originAllowed(req("http://evil.example"), [])).toBe(false);
    expect(originAllowed(req("http://127.0.0.1:8081"), [])).toBe(false);
    expect(originAllowed(req("null"), [])).toBe(false);
    expect(originAllowed(req("not a url"), [])).toBe(false);
  });
});

describe("resolveAuthToken", () => {
  it("generates a token once, keeps it owner-readable, and reads it back; the variable wins", () => {
    const dir = join(scratch, "data");
    const first = resolveAuthToken(undefined, dir);
    expect(first.source).toBe("generated");
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(statSync(first.file!).mode & 0o777).toBe(0o600);
    expect(readFileSync(first.file!, "utf8").trim()).toBe(first.token);
    expect(resolveAuthToken(undefined, dir)).toEqual({ ...first, source: "stored" });
    expect(resolveAuthToken("from-the-environment-123", dir)).toEqual({
      token: "from-the-environment-123",
      source: "env",
      file: undefined,
    });
  });
});
