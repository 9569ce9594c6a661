import { MemorySaver } from "@langchain/langgraph";
import type { AgentEvent } from "@kubemedic/protocol";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAgent, createModel, defaultGraphConfig, type Agent } from "../src/index";
import { collect, ofType, readObject, startDemo, type DemoFixture } from "./fixtures";

/**
 * Plain-language actions through the full graph with the offline
 * diagnostician, on the demo cluster: the object is found across
 * namespaces, the one exact command waits for approval with its preview,
 * and the cluster changes only after the approval.
 */
let fixture: DemoFixture;
let agent: Agent;
beforeAll(async () => {
  fixture = await startDemo(["crashloop-missing-env", "imagepull-bad-tag", "healthy-storefront"]);
  agent = createAgent({
    model: createModel({}),
    checkpointer: new MemorySaver(),
    config: defaultGraphConfig(),
    clusterFor: () => fixture.cluster,
  });
});
afterAll(async () => {
  await fixture.close();
});
afterEach(async () => {
  await fixture.demo.reset();
});

let turn = 0;
const ask = (conversationId: string, text: string) =>
  collect(agent.runTurn({ conversationId, turnId: `t${++turn}`, user: "alice", input: { text } }));
const decide = (conversationId: string, decision: "approve" | "reject", reason?: string) =>
  agent.pendingApproval(conversationId).then(async (pending) => {
    const requests = pending?.requests ?? [];
    return collect(
      agent.runTurn({
        conversationId,
        turnId: pending?.turnId ?? "",
        user: "alice",
        input: {
          decisions: requests.map((r) => ({
            toolCallId: r.toolCallId,
            decision,
            ...(reason === undefined ? {} : { reason }),
          })),
        },
      }),
    );
  });

function approvals(events: AgentEvent[]) {
  return ofType(events, "approval.requested").flatMap((e) => e.requests);
}

function answer(events: AgentEvent[]): string {
  return ofType(events, "assistant.message")
    .map((m) => m.content)
    .join("\n");
}

async function deployment(namespace: string, name: string) {
  const d = await readObject(
    fixture.cluster,
    `/apis/apps/v1/namespaces/${namespace}/deployments/${name}`,
  );
  return d.spec as {
    replicas: number;
    template: {
      metadata?: { annotations?: Record<string, string> };
      spec: { containers: { name: string; image: string; env?: { name: string }[] }[] };
    };
  };
}

describe("plain-language actions, offline", () => {
  it("restarts a deployment named without its namespace, only after approval", async () => {
    const events = await ask("a1", "restart the checkout deployment");
    expect(ofType(events, "tool.finished").map((f) => f.command)).toEqual([
      // "the checkout deployment" names the kind: one list of that kind, across namespaces.
      "get deployments -A",
    ]);
    const [request] = approvals(events);
    expect(request?.command).toBe("rollout restart deployment/checkout -n shop");
    expect(request?.target).toMatchObject({
      kind: "Deployment",
      namespace: "shop",
      name: "checkout",
    });
    expect(request?.preview.summary).not.toBe("");
    const before = await deployment("shop", "checkout");
    expect(
      before.template.metadata?.annotations?.["kubectl.kubernetes.io/restartedAt"],
    ).toBeUndefined();

    const after = await decide("a1", "approve");
    const ran = ofType(after, "tool.finished").at(-1);
    expect([ran?.command, ran?.status]).toEqual([
      "rollout restart deployment/checkout -n shop",
      "ok",
    ]);
    const restarted = await deployment("shop", "checkout");
    expect(
      restarted.template.metadata?.annotations?.["kubectl.kubernetes.io/restartedAt"],
    ).toBeDefined();
    expect(answer(after)).toMatch(/Done/);
  });

  it("scales in Chinese; a rejection changes nothing and is said so in Chinese", async () => {
    const events = await ask("a2", "把 cart 扩容到 3 个副本");
    expect(approvals(events).map((r) => r.command)).toEqual([
      "scale deployment/cart --replicas=3 -n shop",
    ]);
    expect(answer(events)).toMatch(/批准/);
    const after = await decide("a2", "reject", "现在不行");
    expect(ofType(after, "tool.finished").map((f) => f.status)).toEqual(["rejected"]);
    expect(answer(after)).toMatch(/没有执行/);
    // The reason is named back, in the user's language.
    expect(answer(after)).toMatch(/理由是“现在不行”/);
    expect((await deployment("shop", "cart")).replicas).toBe(2);
  });

  it("a rejection's reason is acknowledged in the next words, with what happens instead", async () => {
    expect(approvals(await ask("a2r", "scale cart in shop to 3 replicas"))).toHaveLength(1);
    const after = await decide("a2r", "reject", "not during\nbusiness hours");
    expect(ofType(after, "tool.finished").map((f) => f.status)).toEqual(["rejected"]);
    expect(answer(after)).toMatch(
      /“not during business hours”: .* was not run and nothing was changed/,
    );
    expect((await deployment("shop", "cart")).replicas).toBe(2);
  });

  it("scales relative to the live count, then 'it' is the same deployment", async () => {
    expect(approvals(await ask("a3b", "scale up cart in shop by 2"))[0]?.command).toBe(
      "scale deployment/cart --replicas=4 -n shop",
    );
    await decide("a3b", "approve");
    expect((await deployment("shop", "cart")).replicas).toBe(4);
    const down = await ask("a3b", "now scale it down by one");
    expect(approvals(down)[0]?.command).toBe("scale deployment/cart --replicas=3 -n shop");
  });

  it("changes only the image tag, keeping the repository and the container name", async () => {
    const events = await ask("a4", "change payments-api's image tag to v2.3.1");
    expect(approvals(events)[0]?.command).toBe(
      "set image deployment/payments-api payments-api=ghcr.io/acme/payments-api:v2.3.1 -n payments",
    );
    await decide("a4", "approve");
    const spec = await deployment("payments", "payments-api");
    expect(spec.template.spec.containers[0]?.image).toBe("ghcr.io/acme/payments-api:v2.3.1");
  });

  it("suspends a CronJob, then resumes 'it'", async () => {
    const suspend = await ask("a5", "suspend the sitemap cronjob in storefront");
    expect(approvals(suspend)[0]?.command).toBe(
      `patch cronjob/sitemap -n storefront --type=merge -p '{"spec":{"suspend":true}}'`,
    );
    await decide("a5", "approve");
    const cj = await readObject(
      fixture.cluster,
      "/apis/batch/v1/namespaces/storefront/cronjobs/sitemap",
    );
    expect((cj.spec as { suspend?: boolean }).suspend).toBe(true);
    const resume = await ask("a5", "resume it");
    expect(approvals(resume)[0]?.command).toContain('"suspend":false');
  });

  it("masks a secret value typed into an env change everywhere it is shown", async () => {
    const events = await ask("a6", "set DB_PASSWORD=hunter2-very-secret on cart in shop");
    const [request] = approvals(events);
    expect(request?.command).toMatch(/^set env deployment\/cart DB_PASSWORD=\S+ -n shop$/);
    expect(JSON.stringify(events)).not.toContain("hunter2-very-secret");
    const after = await decide("a6", "approve");
    expect(JSON.stringify(after)).not.toContain("hunter2-very-secret");
    const env = (await deployment("shop", "cart")).template.spec.containers[0]?.env ?? [];
    expect(env.map((e) => e.name)).toContain("DB_PASSWORD");
  });

  it("says so, and names the nearest names, when nothing has the name", async () => {
    const events = await ask("a7", "restart chekout");
    expect(approvals(events)).toHaveLength(0);
    expect(answer(events)).toMatch(/could not find chekout[\s\S]*checkout/);
  });
});
