import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConversationDetail } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";
import { listeningUrl, runCli } from "./cli";
import { startDemo } from "./demo";
import { serverBackends } from "./server-backends";
import { TestSocket } from "./test-socket";

/**
 * Issue #13: an approved change is recorded when it runs, in its own transaction, not
 * only when the turn commits. The real `kubemedic serve` (offline diagnostician) runs an
 * approved fix on a slow demo cluster and is killed with SIGKILL right after the change
 * ran, while the verify step still watches, before the turn's commit: after a restart the
 * change is on record with its result, and the turn is interrupted.
 */
const backends = await serverBackends();

describe.each(backends)("mutation records on $name", (backend) => {
  it.skipIf(backend.skipped !== undefined)(
    "a crash between an approved change and the turn's commit leaves the change's record",
    async () => {
      // 150 ms per request: the verify step (analyzers over the namespace) takes seconds.
      const demo = await startDemo(["imagepull-bad-tag"], 150);
      const database = await backend.create();
      const home = mkdtempSync(join(tmpdir(), "kubemedic-mutation-"));
      const token = "mutation-record-test-token-0123456789";
      const env = {
        ...database.env,
        HOME: home,
        KUBECONFIG: demo.kubeconfig,
        OPENAI_API_KEY: "",
        OPENAI_BASE_URL: "",
        KUBEMEDIC_MODEL: "offline",
        KUBEMEDIC_AUTH_TOKEN: token,
      };
      let run = runCli(["serve", "--port", "0"], env);
      try {
        const url = await listeningUrl(run);
        const socket = await TestSocket.open(url, { token });
        socket.send({ type: "conversation.open", requestId: "o", create: {} });
        const state = await socket.waitFor((f) => f.type === "conversation.state");
        const conversationId = state.type === "conversation.state" ? state.conversation.id : "";
        socket.send({
          type: "message.send",
          requestId: "s",
          conversationId,
          text: "fix payments-api in payments",
          clientMessageId: "cm-fix-0001",
        });
        const ack = await socket.waitFor((f) => f.type === "ack");
        const turnId = ack.type === "ack" ? ack.turnId : "";
        const asked = await socket.event("approval.requested", turnId, 120_000);
        const request = asked.event.requests[0];
        expect(request?.command).toMatch(/^set image deployment\/payments-api/);
        socket.send({
          type: "approval.decide",
          requestId: "d",
          conversationId,
          turnId,
          decisions: [{ toolCallId: request?.toolCallId ?? "", decision: "approve" }],
        });
        // The change ran (its result is written before this event is sent); the verify
        // step is now watching the slow cluster: the turn is far from its commit.
        const ran = await socket.waitFor(
          (f) =>
            f.type === "event" &&
            f.event.type === "tool.finished" &&
            f.event.classification === "mutating",
          120_000,
        );
        run.child.kill("SIGKILL");
        await run.exited;
        await socket.closed;
        expect(socket.events(conversationId).some((e) => e.event.type === "turn.completed")).toBe(
          false,
        );
        expect(ran.type === "event" && ran.event.type === "tool.finished" && ran.event.status).toBe(
          "ok",
        );

        run = runCli(["serve", "--port", "0"], env);
        const again = await listeningUrl(run);
        const res = await fetch(`${again}/api/conversations/${conversationId}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const detail = ConversationDetail.parse(await res.json());
        const turn = detail.turns.find((t) => t.id === turnId);
        expect(turn?.status).toBe("interrupted");
        // The change is on record, with its approval and its result.
        // (Besides the first segment's reads, committed when it paused for approval.)
        expect(turn?.toolLogs.filter((t) => t.classification === "mutating")).toEqual([
          expect.objectContaining({
            toolCallId: request?.toolCallId,
            classification: "mutating",
            command: request?.command,
            status: "ok",
            outputPreview: expect.stringMatching(/payments-api/) as unknown,
          }),
        ]);
        expect(turn?.approvals).toEqual([
          expect.objectContaining({ toolCallId: request?.toolCallId, decision: "approve" }),
        ]);
        // The message that asked for it links them.
        expect(turn?.messages.flatMap((m) => m.toolCalls.map((c) => c.id))).toContain(
          request?.toolCallId,
        );
        run.child.kill("SIGTERM");
        await run.exited;
      } finally {
        if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill("SIGKILL");
        await run.exited;
        rmSync(home, { recursive: true, force: true });
        await database.dispose();
        await demo.close();
      }
    },
    240_000,
  );
});
