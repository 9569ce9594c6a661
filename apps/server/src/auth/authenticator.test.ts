import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { IncomingMessage } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { Authenticator, LOCAL_USER } from "./authenticator";
import { resolveAuthToken } from "./local-token";
import { originAllowed } from "./origin";
import { parseCookies, sessionCookieHeader, sessionValue, SESSION_COOKIE } from "./session-cookie";

const TOKEN = "test-token-0123456789abcdef";
const scratch = mkdtempSync(join(tmpdir(), "kubemedic-auth-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("Authenticator", () => {
  const auth = new Authenticator({ token: TOKEN, proxyUserHeader: undefined });
  const cookie = `${SESSION_COOKIE}=${sessionValue(TOKEN)}`;

  it("accepts the bearer token or the session cookie, never the token as a cookie", () => {
    expect(auth.authenticate({ authorization: `Bearer ${TOKEN}` })).toEqual({
      ok: true,
      user: LOCAL_USER,
      via: "bearer",
    });
    expect(auth.authenticate({ cookie: `other=1; ${cookie}` })).toMatchObject({
      ok: true,
      via: "cookie",
    });
    expect(auth.authenticate({ cookie: `${SESSION_COOKIE}=${TOKEN}` }).ok).toBe(false);
    expect(auth.authenticate({ authorization: "Bearer wrong" }).ok).toBe(false);
    expect(auth.authenticate({ authorization: `Basic ${TOKEN}` }).ok).toBe(false);
    expect(auth.authenticate({})).toMatchObject({ ok: false, reason: /login link/ });
  });

  it("in trusted-proxy mode, takes the user from the header and still accepts the token", () => {
    const proxy = new Authenticator({ token: TOKEN, proxyUserHeader: "x-forwarded-user" });
    expect(proxy.authenticate({ "x-forwarded-user": "alice@example.com" })).toEqual({
      ok: true,
      user: "alice@example.com",
      via: "proxy",
    });
    expect(proxy.authenticate({ "x-forwarded-user": "bad\u0000name" }).ok).toBe(false);
    expect(proxy.authenticate({ authorization: `Bearer ${TOKEN}` })).toMatchObject({ ok: true });
    expect(proxy.authenticate({})).toMatchObject({ ok: false, reason: /x-forwarded-user/ });
  });

  it("a changed token invalidates every cookie", () => {
    const rotated = new Authenticator({ token: `${TOKEN}-new`, proxyUserHeader: undefined });
    expect(rotated.authenticate({ cookie }).ok).toBe(false);
  });
});

describe("session cookie", () => {
  it("is HttpOnly and SameSite=Lax, Secure only over HTTPS", () => {
    const header = sessionCookieHeader("v", false);
    expect(header).toMatch(/^kubemedic_session=v; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    expect(sessionCookieHeader("v", true)).toMatch(/; Secure$/);
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
