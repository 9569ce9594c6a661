import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends, type TestDatabase } from "../../test/backends";
import { sampleReport, TurnScript } from "../../test/turn-script";
import { createPersistence, type Persistence } from "./persistence";
import { snippetOf } from "./conversation-search";

/**
 * History search, the same on embedded PGlite and PostgreSQL: full-text over the titles,
 * messages and reports of one owner's conversations, never another's.
 */
const backends = await testBackends();

for (const backend of backends) {
  describe.skipIf(backend.skipped !== undefined)(`conversation search on ${backend.name}`, () => {
    let t: TestDatabase;
    let store: Persistence;
    const alice = `alice-${randomUUID()}`;
    const bob = `bob-${randomUUID()}`;

    /** A finished conversation: the question, one answer, and optionally a report. */
    async function conversation(
      owner: string,
      question: string,
      answer: string,
      report?: { summary: string; rootCause: string },
    ): Promise<string> {
      const c = await store.conversations.create(owner, { namespace: "shop" });
      const begun = await store.turns.begin({
        ownerId: owner,
        conversationId: c.id,
        text: question,
      });
      if (begun.duplicate) throw new Error("unexpected duplicate");
      const script = new TurnScript(c.id, begun.turnId);
      const uow = begun.unitOfWork;
      await uow.record(
        script.frame({ type: "turn.started", model: "offline", startedAt: script.iso() }),
      );
      await uow.record(
        script.frame({
          type: "assistant.message",
          messageId: `m-${begun.turnId}`,
          content: answer,
          toolCallIds: [],
        }),
      );
      if (report !== undefined) {
        await uow.record(
          script.frame({
            type: "report.ready",
            reportId: `r-${begun.turnId}`,
            report: sampleReport(report),
            degraded: false,
          }),
        );
      }
      await uow.record(
        script.frame({
          type: "turn.completed",
          durationMs: 10,
          partial: false,
        }),
      );
      return c.id;
    }

    let checkout: string;
    let payments: string;
    let chinese: string;
    beforeAll(async () => {
      t = await backend.open();
      store = createPersistence(t.db.prisma);
      checkout = await conversation(
        alice,
        "why is checkout failing in shop?",
        "The pods of checkout crash-loop: the variable DATABASE_URL is missing.",
        {
          summary: "checkout crash-loops without its database settings.",
          rootCause: "Deployment shop/checkout reads Secret pg-credentials, which has no key dsn.",
        },
      );
      payments = await conversation(
        alice,
        "what is wrong in payments?",
        "The image tag v9.9.9 of payments-api does not exist in the registry.",
      );
      chinese = await conversation(
        alice,
        "shop 里的 checkout 为什么一直重启？",
        "容器因内存不足被终止。",
      );
      // Bob has the same words: none of his conversations may show up for Alice.
      await conversation(
        bob,
        "why is checkout failing?",
        "DATABASE_URL is missing; pg-credentials too.",
      );
    });
    afterAll(() => t?.dispose());

    const ids = async (owner: string, q: string) =>
      (await store.conversations.search(owner, q)).map((h) => h.conversation.id);

    it("finds a conversation by a word of the agent's answer, not only its title", async () => {
      const hits = await store.conversations.search(alice, "registry");
      expect(hits.map((h) => h.conversation.id)).toEqual([payments]);
      expect(hits[0]).toMatchObject({ matchedIn: "message" });
      expect(hits[0]?.snippet).toContain("does not exist in the registry");
      expect(hits[0]?.conversation.lastTurnStatus).toBe("completed");
    });

    it("finds by the report's root cause, words in any order, case-insensitively", async () => {
      const hits = await store.conversations.search(alice, "DSN pg-credentials");
      expect(hits.map((h) => [h.conversation.id, h.matchedIn])).toEqual([[checkout, "report"]]);
      expect(hits[0]?.snippet).toMatch(/pg-credentials/);
    });

    it("prefers the title, finds half-typed words and Chinese text by substring", async () => {
      expect((await store.conversations.search(alice, "checkout"))[0]).toMatchObject({
        matchedIn: "title",
      });
      expect(new Set(await ids(alice, "checkout"))).toEqual(new Set([checkout, chinese]));
      expect(await ids(alice, "regist")).toEqual([payments]);
      expect(await ids(alice, "内存不足")).toEqual([chinese]);
    });

    it("answers only the owner's conversations", async () => {
      expect(await ids(alice, "DATABASE_URL")).toEqual([checkout]);
      const theirs = await ids(bob, "DATABASE_URL");
      expect(theirs).toHaveLength(1);
      expect(theirs).not.toContain(checkout);
      expect(await ids(`nobody-${randomUUID()}`, "checkout")).toEqual([]);
    });

    it("treats LIKE wildcards and query syntax as text, and finds nothing for nothing", async () => {
      expect(await ids(alice, "%")).toEqual([]);
      // Only the text with an underscore (DATABASE_URL), not every text as a LIKE `_` would.
      expect(await ids(alice, "_")).toEqual([checkout]);
      expect(await ids(alice, "!!! & | :*")).toEqual([]);
      expect(await ids(alice, "   ")).toEqual([]);
      expect(await ids(alice, '"image tag" -nothing')).toEqual([payments]);
    });
  });
}

describe("snippetOf", () => {
  it("cuts around the first matched word, on one line, marking the cuts", () => {
    const text = `${"a ".repeat(200)}the\nneedle is here ${"b ".repeat(200)}`;
    const s = snippetOf(text, "needle");
    expect(s.startsWith("…")).toBe(true);
    expect(s.endsWith("…")).toBe(true);
    expect(s).toContain("the needle is here");
    expect(snippetOf("short text", "nothing")).toBe("short text");
  });
});
