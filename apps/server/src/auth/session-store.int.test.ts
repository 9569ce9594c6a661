import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends, type TestDatabase } from "../../test/backends";
import { Authenticator, LOCAL_USER } from "./authenticator";
import { SESSION_COOKIE } from "./session-cookie";
import { SessionStore, sessionId } from "./session-store";

/**
 * Server-side sessions on both backends: stored, expiring, revocable, and seen
 * by a second store on the same database (another replica) after a sign-out.
 */
const backends = await testBackends();
const TOKEN = "session-test-token-0123456789";

for (const backend of backends) {
  describe.skipIf(backend.skipped !== undefined)(`sessions on ${backend.name}`, () => {
    let t: TestDatabase;
    let now = Date.now();
    let store: SessionStore;
    beforeAll(async () => {
      t = await backend.open();
      store = new SessionStore(t.db.prisma, { token: TOKEN, now: () => now, cacheMs: 0 });
    });
    afterAll(async () => {
      await t?.dispose();
    });

    it("stores only the secret's hash, and a looked-up secret names its user", async () => {
      const { secret, record } = await store.create(LOCAL_USER);
      expect(secret).toMatch(/^[\w-]{43}$/);
      expect(record).toEqual({ id: sessionId(secret), userId: LOCAL_USER });
      const rows = await t.db.pool.query<{ id: string }>(`SELECT id FROM "Session"`);
      expect(rows.rows.map((r) => r.id)).toContain(record.id);
      expect(JSON.stringify(rows.rows)).not.toContain(secret);
      expect(await store.lookup(secret)).toEqual(record);
      expect(await store.lookup(record.id)).toBeNull(); // the hash is not a cookie
      expect(await store.lookup("not-a-session-secret-at-all")).toBeNull();
    });

    it("is the regression for logout revoking nothing: a revoked session fails, here and on another replica", async () => {
      const replica = new SessionStore(t.db.prisma, { token: TOKEN, now: () => now });
      const { secret, record } = await store.create(LOCAL_USER);
      expect(await replica.lookup(secret)).toEqual(record); // now cached there for 5 s
      await store.revoke(secret);
      expect(await store.lookup(secret)).toBeNull();
      expect(await replica.live([record.id])).toEqual(new Set());
      now += 5_001;
      expect(await replica.lookup(secret)).toBeNull();
    });

    it("expires a fixed time after sign-in, and a new login token ends every old session", async () => {
      const short = new SessionStore(t.db.prisma, {
        token: TOKEN,
        now: () => now,
        cacheMs: 0,
        maxAgeMs: 60_000,
      });
      const { secret, record } = await short.create(LOCAL_USER);
      expect(await short.live([record.id])).toEqual(new Set([record.id]));
      const rotated = new SessionStore(t.db.prisma, { token: `${TOKEN}-new`, now: () => now });
      expect(await rotated.lookup(secret)).toBeNull();
      now += 60_001;
      expect(await short.lookup(secret)).toBeNull();
      expect(await short.live([record.id])).toEqual(new Set());
      // Expired rows are deleted at the next sign-in.
      await short.create(LOCAL_USER);
      const left = await t.db.pool.query(`SELECT 1 FROM "Session" WHERE id = $1`, [record.id]);
      expect(left.rowCount).toBe(0);
    });

    it("the Authenticator signs a cookie in as its session's user, with the session id", async () => {
      const auth = new Authenticator({ token: TOKEN, proxyUserHeader: undefined, sessions: store });
      const { secret, record } = await store.create(LOCAL_USER);
      expect(await auth.authenticate({ cookie: `a=b; ${SESSION_COOKIE}=${secret}` })).toEqual({
        ok: true,
        user: LOCAL_USER,
        via: "cookie",
        sessionId: record.id,
      });
      // The token itself is no cookie.
      expect((await auth.authenticate({ cookie: `${SESSION_COOKIE}=${TOKEN}` })).ok).toBe(false);
    });
  });
}
