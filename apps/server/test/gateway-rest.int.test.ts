import {
  ApiErrorBody,
  ClustersResponse,
  ConversationDetail,
  ConversationList,
  ConversationSearchResult,
  ConversationSummary,
  DiagnosisReport,
  ScanResponse,
  SessionInfo,
} from "@kubemedic/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo, type DemoFixture } from "./demo";
import { GatewayFixture, TEST_TOKEN } from "./gateway-fixture";
import { serverBackends, type ServerDatabase } from "./server-backends";
import { TestSocket } from "./test-socket";

/**
 * The REST surface of ARCHITECTURE.md against a real server, on PGlite and
 * PostgreSQL: sign-in, session, conversations, report export, clusters, scan,
 * health, readiness and metrics.
 */
const backends = await serverBackends();

async function errorOf(res: Response): Promise<ApiErrorBody["error"]> {
  return ApiErrorBody.parse(await res.json()).error;
}

describe.each(backends)("REST API on $name", (backend) => {
  describe.skipIf(backend.skipped !== undefined)("REST", () => {
    let demo: DemoFixture;
    let database: ServerDatabase;
    let fx: GatewayFixture;
    let reportConversation = "";
    let reportId = "";
    beforeAll(async () => {
      demo = await startDemo();
      database = await backend.create();
      fx = await GatewayFixture.start(database, { kubeconfig: demo.kubeconfig });
      // One investigation with a report, for the export and metrics tests.
      const socket = await fx.socket();
      reportConversation = await fx.newConversation(socket, { title: "checkout | crash" });
      const turnId = await fx.send(socket, reportConversation, "why is checkout failing in shop?");
      const ready = await socket.event("report.ready", turnId);
      await socket.event("turn.completed", turnId);
      reportId = ready.event.reportId ?? "";
      await socket.close();
    });
    afterAll(async () => {
      await fx?.close();
      await database?.dispose();
      await demo?.close();
    });

    it("signs in with the login link: an HttpOnly SameSite cookie, a redirect to the app, and the cookie works for REST and the socket", async () => {
      const link = await fetch(`${fx.url}/login?token=${encodeURIComponent(TEST_TOKEN)}`, {
        redirect: "manual",
      });
      expect(link.status).toBe(303);
      expect(link.headers.get("location")).toBe("/");
      expect(link.headers.get("cache-control")).toBe("no-store");
      expect(link.headers.get("referrer-policy")).toBe("no-referrer");
      const setCookie = link.headers.get("set-cookie") ?? "";
      expect(setCookie).toMatch(
        /^kubemedic_session=[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/,
      );
      expect(setCookie).not.toContain(TEST_TOKEN);
      const cookie = setCookie.split(";")[0]!;

      const session = await fetch(`${fx.url}/api/session`, { headers: { cookie } });
      expect(SessionInfo.parse(await session.json())).toEqual({
        user: "local",
        protocolVersion: "1.1",
        model: { name: "offline diagnostician", offline: true },
        demoCluster: false,
        approvalPolicy: "approve-mutations",
      });
      const socket = await fx.socket({ cookie });
      expect(socket.frames[0]).toMatchObject({ type: "welcome", user: "local" });
      await socket.close();

      const bad = await fetch(`${fx.url}/login?token=nope`, { redirect: "manual" });
      expect(bad.status).toBe(401);
      expect(await bad.text()).toContain("not valid");
      expect(bad.headers.get("set-cookie")).toBeNull();
    });

    it("POST /api/login sets the cookie for the sign-in form; a wrong token is a 401 JSON; logout clears it", async () => {
      const wrong = await fetch(`${fx.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token: "not-the-token" }),
      });
      expect(wrong.status).toBe(401);
      expect((await errorOf(wrong)).code).toBe("unauthorized");
      const right = await fetch(`${fx.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token: TEST_TOKEN }),
      });
      expect(right.status).toBe(204);
      expect(right.headers.get("set-cookie")).toMatch(/^kubemedic_session=.+HttpOnly/);
      const out = await fetch(`${fx.url}/api/logout`, { method: "POST" });
      expect(out.headers.get("set-cookie")).toMatch(/^kubemedic_session=; .*Max-Age=0/);
    });

    it("answers 401 JSON without credentials on every /api path and /metrics; health, readiness and the SPA shell are public", async () => {
      for (const path of ["/api/session", "/api/conversations", "/api/nothing", "/metrics"]) {
        const res = await fetch(`${fx.url}${path}`);
        expect([path, res.status]).toEqual([path, 401]);
        const error = await errorOf(res);
        expect(error.code).toBe("unauthorized");
        expect(error.requestId).toBe(res.headers.get("x-request-id"));
      }
      expect((await fetch(`${fx.url}/`)).status).toBe(200);
      expect(await (await fetch(`${fx.url}/healthz`)).json()).toMatchObject({ status: "ok" });
      const ready = await fetch(`${fx.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: "ready",
        db: "ok",
        cluster: "ok",
        demo: false,
        reasons: [],
      });
    });

    it("creates, lists (newest first, paged), renames and deletes conversations, validating every body", async () => {
      const created = await fx.rest("/api/conversations", {
        method: "POST",
        body: { title: "rest one", namespace: "shop", clusterContext: "kubemedic-demo" },
      });
      expect(created.status).toBe(201);
      const one = ConversationSummary.parse(await created.json());
      expect(one).toMatchObject({ title: "rest one", namespace: "shop", lastTurnStatus: null });
      const two = ConversationSummary.parse(
        await fx.json("/api/conversations", { method: "POST", body: {} }),
      );

      const page = ConversationList.parse(await fx.json("/api/conversations?limit=1"));
      expect(page.items.map((c) => c.id)).toEqual([two.id]);
      expect(page.nextCursor).not.toBeNull();
      const next = ConversationList.parse(
        await fx.json(`/api/conversations?limit=1&cursor=${encodeURIComponent(page.nextCursor!)}`),
      );
      expect(next.items.map((c) => c.id)).toEqual([one.id]);
      const search = ConversationList.parse(await fx.json("/api/conversations?q=REST%20o"));
      expect(search.items.map((c) => c.id)).toEqual([one.id]);

      const badNs = await fx.rest("/api/conversations", {
        method: "POST",
        body: { namespace: "Not_OK" },
      });
      expect(badNs.status).toBe(400);
      expect(await errorOf(badNs)).toMatchObject({
        code: "bad_request",
        message: "invalid conversation: namespace: not a valid namespace name",
      });
      const badJson = await fx.rest("/api/conversations", { method: "POST", body: "{oops" });
      expect([badJson.status, (await errorOf(badJson)).code]).toEqual([400, "invalid_json"]);
      const badContext = await fx.rest("/api/conversations", {
        method: "POST",
        body: { clusterContext: "prod" },
      });
      expect(await errorOf(badContext)).toMatchObject({
        code: "bad_request",
        message: expect.stringContaining("prod") as unknown,
      });
      const badLimit = await fx.rest("/api/conversations?limit=1000");
      expect([badLimit.status, (await errorOf(badLimit)).message]).toEqual([
        400,
        expect.stringContaining("limit") as unknown,
      ]);
      // Regression (found by the fuzz test): NUL and half a surrogate pair used to fail with `internal`.
      const odd = await fx.rest("/api/conversations", {
        method: "POST",
        body: { title: "nul\u0000 and \ud800 half" },
      });
      expect(odd.status).toBe(201);
      expect(ConversationSummary.parse(await odd.json()).title).toBe("nul\uFFFD and \uFFFD half");
      const empty = await fx.rest(`/api/conversations/${one.id}`, { method: "PATCH", body: {} });
      expect((await errorOf(empty)).message).toContain("nothing to change");

      const renamed = ConversationSummary.parse(
        await fx.json(`/api/conversations/${one.id}`, {
          method: "PATCH",
          body: { title: "renamed" },
        }),
      );
      expect(renamed.title).toBe("renamed");
      expect((await fx.rest(`/api/conversations/${one.id}`, { method: "DELETE" })).status).toBe(
        204,
      );
      const gone = await fx.rest(`/api/conversations/${one.id}`);
      expect([gone.status, (await errorOf(gone)).code]).toEqual([404, "not_found"]);
      expect((await fx.rest(`/api/conversations/${one.id}`, { method: "DELETE" })).status).toBe(
        404,
      );
    });

    it("searches the caller's history by the text of messages and reports, validating the query", async () => {
      // The investigation's answer says CrashLoopBackOff; its title does not.
      const hits = ConversationSearchResult.parse(
        await fx.json("/api/conversations/search?q=crashloopbackoff"),
      );
      expect(hits.items.map((h) => h.conversation.id)).toContain(reportConversation);
      const hit = hits.items.find((h) => h.conversation.id === reportConversation);
      expect(hit?.matchedIn).not.toBe("title");
      expect(hit?.snippet.toLowerCase()).toContain("crashloopbackoff");
      // Per-user isolation is the repository's (conversation-search.int.test.ts): the route passes the caller.
      for (const bad of [
        "",
        "?q=",
        "?q=%20%20",
        `?q=${"x".repeat(201)}`,
        "?q=a&q=b",
        "?q=a&limit=0",
      ]) {
        const res = await fx.rest(`/api/conversations/search${bad}`);
        expect([bad, res.status, (await errorOf(res)).code]).toEqual([bad, 400, "bad_request"]);
      }
    });

    it("exports a report as readable Markdown and as the DiagnosisReport JSON, both as downloads", async () => {
      expect(reportId).not.toBe("");
      const detail = ConversationDetail.parse(
        await fx.json(`/api/conversations/${reportConversation}`),
      );
      const stored = detail.turns[0]!.report!;
      expect(stored.id).toBe(reportId);

      const md = await fx.rest(
        `/api/conversations/${reportConversation}/reports/${reportId}?format=md`,
      );
      expect(md.status).toBe(200);
      expect(md.headers.get("content-type")).toMatch(/^text\/markdown/);
      expect(md.headers.get("content-disposition")).toMatch(
        /^attachment; filename="kubemedic-crashloop-\d{4}-\d\d-\d\d-[\w-]{8}\.md"$/,
      );
      const text = await md.text();
      expect(text).toMatch(/^# Diagnosis: CrashLoop \(\w+\)\n/);
      expect(text).toContain("| Conversation | checkout \\| crash |");
      expect(text).toContain("## Root cause");
      expect(text).toContain("## Evidence");
      expect(text).toMatch(/### 1\. \w+ — `[^`]+`\n\n```+text\n/);
      expect(text).toContain("## Recommendations");
      expect(text).toContain(stored.report.rootCause.trim());

      const json = await fx.rest(
        `/api/conversations/${reportConversation}/reports/${reportId}?format=json`,
      );
      expect(json.headers.get("content-disposition")).toMatch(/\.json"$/);
      expect(DiagnosisReport.parse(await json.json())).toEqual(stored.report);

      const missing = await fx.rest(`/api/conversations/${reportConversation}/reports/nope`);
      expect(missing.status).toBe(404);
      const badFormat = await fx.rest(
        `/api/conversations/${reportConversation}/reports/${reportId}?format=pdf`,
      );
      expect(badFormat.status).toBe(400);
    });

    it("lists cluster contexts and namespaces, and scans a namespace with the analyzers and the correlation", async () => {
      const clusters = ClustersResponse.parse(await fx.json("/api/clusters"));
      expect(clusters.contexts).toEqual([
        expect.objectContaining({ name: "kubemedic-demo", current: true, demo: true }),
      ]);
      expect(clusters.namespaces).toEqual(
        expect.arrayContaining(["default", "kube-system", "shop"]),
      );
      expect(clusters.error).toBeNull();
      const unknown = await fx.rest("/api/clusters?context=prod");
      expect(unknown.status).toBe(404);

      const scan = ScanResponse.parse(await fx.json("/api/scan?namespace=shop"));
      expect(scan).toMatchObject({ context: "kubemedic-demo", namespace: "shop" });
      expect(scan.analysis.status).toBe("ProblemDetected");
      expect(scan.candidates[0]?.category).toBe("CrashLoop");
      const bad = await fx.rest("/api/scan?namespace=Bad_NS");
      expect((await errorOf(bad)).message).toBe(
        "invalid query: namespace: not a valid namespace name",
      );
    });

    it("exposes Prometheus metrics: connections, turns by status, turn latency, tool calls, errors by code", async () => {
      const open = await fx.socket();
      const text = await (await fx.rest("/metrics")).text();
      await open.close();
      const value = (series: string) => {
        const line = text.split("\n").find((l) => l.startsWith(`${series} `));
        return line === undefined ? undefined : Number(line.slice(series.length + 1));
      };
      expect(value('kubemedic_turns_total{status="completed"}')).toBeGreaterThanOrEqual(1);
      expect(
        value('kubemedic_turn_duration_seconds_count{status="completed"}'),
      ).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(
        // prom-client writes `le` first; label order carries no meaning in the format.
        /^kubemedic_turn_duration_seconds_bucket\{(status="completed",le="\+Inf"|le="\+Inf",status="completed")\} \d+$/m,
      );
      expect(
        value('kubemedic_tool_calls_total{classification="read",status="ok",tool="kubectl"}'),
      ).toBeGreaterThanOrEqual(1);
      expect(value("kubemedic_ws_connections")).toBeGreaterThanOrEqual(1);
      expect(value("kubemedic_ws_connections_total")).toBeGreaterThanOrEqual(1);
      expect(value('kubemedic_errors_total{code="unauthorized"}')).toBeGreaterThanOrEqual(1);
      expect(value("kubemedic_process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
      expect(text).toContain("# TYPE kubemedic_turn_duration_seconds histogram");
    });

    it("a frame sent the moment a cookie-signed socket opens is answered (not lost while the session is looked up)", async () => {
      const login = await fetch(`${fx.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token: TEST_TOKEN }),
      });
      const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
      // Last in this file: it restarts the server (the metrics above count from the start).
      // A browser reconnecting to a restarted server re-sends at once: before `welcome`, while
      // the new process looks the session up in the database (nothing of it is cached yet).
      await fx.restart();
      for (let i = 0; i < 3; i++) {
        const socket = await TestSocket.open(fx.url, { cookie });
        const requestId = `early-${i}`;
        socket.send({ type: "conversation.open", requestId, create: { title: "early" } });
        const answer = await socket.waitFor(
          (f) =>
            (f.type === "conversation.state" || f.type === "error") && f.requestId === requestId,
          10_000,
        );
        expect(answer.type).toBe("conversation.state");
        await socket.close();
      }
    });
  });
});
