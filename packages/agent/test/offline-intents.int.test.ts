import { MemorySaver } from "@langchain/langgraph";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAgent, createModel, defaultGraphConfig, type Agent } from "../src/index";
import { collect, ofType, readObject, startDemo, type DemoFixture } from "./fixtures";

/** The offline diagnostician's other intents, through the full graph on the demo cluster. */
let fixture: DemoFixture;
let agent: Agent;
beforeAll(async () => {
  fixture = await startDemo(["crashloop-missing-env", "oomkilled"]);
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

const ask = (conversationId: string, text: string, namespace?: string) =>
  collect(
    agent.runTurn({
      conversationId,
      turnId: "t1",
      user: "alice",
      ...(namespace === undefined ? {} : { namespace }),
      input: { text },
    }),
  );

/** The pods of a deployment, as the API server has them (names are generated). */
async function podsOf(deployment: string, namespace: string): Promise<string[]> {
  const list = await readObject(
    fixture.cluster,
    `/api/v1/namespaces/${namespace}/pods?labelSelector=app%3D${deployment}`,
  );
  return (list.items as { metadata: { name: string } }[]).map((p) => p.metadata.name);
}

async function memoryLimit(): Promise<string> {
  const d = await readObject(
    fixture.cluster,
    "/apis/apps/v1/namespaces/analytics/deployments/report-worker",
  );
  const containers = (
    d.spec as {
      template: { spec: { containers: { resources?: { limits?: { memory?: string } } }[] } };
    }
  ).template.spec.containers;
  return containers[0]?.resources?.limits?.memory ?? "";
}

describe("the offline diagnostician's intents", () => {
  it("runs a plain request and answers briefly with its output, without a report", async () => {
    const events = await ask("o1", "list pods in the shop namespace");
    const finished = ofType(events, "tool.finished");
    expect(finished.map((f) => f.command)).toEqual(["get pods -n shop"]);
    const answer = ofType(events, "assistant.message").at(-1)?.content ?? "";
    expect(answer).toContain("checkout-");
    expect(ofType(events, "report.ready")).toHaveLength(0);
  });

  it("describes an object named without its kind: finds it among the common kinds first", async () => {
    const events = await ask("o6", "describe checkout in shop", "shop");
    const commands = ofType(events, "tool.finished").map((f) => [f.command, f.status]);
    expect(commands).toEqual([
      [
        expect.stringMatching(
          /^get deployments,.*,services,.* checkout -n shop --ignore-not-found$/,
        ),
        "ok",
      ],
      ["describe deployment checkout -n shop", "ok"],
    ]);
    const answer = ofType(events, "assistant.message").at(-1)?.content ?? "";
    expect(answer).toMatch(/checkout is a deployment \(also named so: service\/checkout\)/);
    expect(answer).toMatch(/Selector:\s+app=checkout/);
    expect(ofType(events, "report.ready")).toHaveLength(0);
  });

  it("says plainly when nothing has the name it was asked to describe", async () => {
    const events = await ask("o7", "describe checkout-7d9-abc", "shop");
    expect(ofType(events, "tool.finished").map((f) => f.command)).toEqual([
      expect.stringMatching(/^get .* checkout-7d9-abc -n shop --ignore-not-found$/),
      "get pods -n shop",
    ]);
    expect(ofType(events, "assistant.message").at(-1)?.content).toMatch(
      /^I found no object named checkout-7d9-abc in namespace shop/,
    );
  });

  it("shows the logs of a partial pod name from one of the pods whose name starts with it", async () => {
    const pods = await podsOf("checkout", "shop");
    const prefix = pods[0]?.split("-").slice(0, 2).join("-").slice(0, -3) ?? "";
    expect(prefix).toMatch(/^checkout-\w+$/);
    const events = await ask("o8", `show the logs of ${prefix}`, "shop");
    const finished = ofType(events, "tool.finished");
    expect(finished.map((f) => f.command).slice(0, 2)).toEqual([
      `get pods,deployments,statefulsets,daemonsets,jobs,replicasets ${prefix} -n shop --ignore-not-found`,
      "get pods -n shop",
    ]);
    const logs = finished[2];
    expect(logs?.status).toBe("ok");
    expect(pods.map((p) => `logs ${p} -n shop --tail=100`)).toContain(logs?.command);
    const answer = ofType(events, "assistant.message").at(-1)?.content ?? "";
    expect(answer).toMatch(/CrashLoopBackOff\) starts with it, as 1 other pod does/);
    expect(answer).toContain("DATABASE_URL is not set");
  });

  it("shows a workload's logs through kubectl's choice of its pod, and an exact pod's own", async () => {
    const workload = await ask("o9", "logs of checkout in shop", "shop");
    expect(ofType(workload, "tool.finished").at(-1)).toMatchObject({
      command: "logs deployment/checkout -n shop --tail=100",
      status: "ok",
    });
    expect(ofType(workload, "assistant.message").at(-1)?.content).toMatch(
      /Found 2 pods, using pod\/checkout-/,
    );
    const pod = (await podsOf("checkout", "shop"))[1] ?? "";
    const exact = await ask("o10", `logs of ${pod} in shop`);
    expect(ofType(exact, "tool.finished").map((f) => f.command)).toEqual([
      expect.stringMatching(new RegExp(`^get pods,.* ${pod} -n shop --ignore-not-found$`)),
      `logs ${pod} -n shop --tail=100`,
    ]);
    expect(ofType(exact, "assistant.message").at(-1)?.content).toMatch(`${pod} is a pod.`);
  });

  it("answers 'what pods are running' with the namespace's pods", async () => {
    const events = await ask("o11", "what pods are running in shop?", "shop");
    expect(ofType(events, "tool.finished").map((f) => f.command)).toEqual(["get pods -n shop"]);
    for (const pod of await podsOf("checkout", "shop")) {
      expect(ofType(events, "assistant.message").at(-1)?.content).toContain(pod);
    }
  });

  it("answers a usage question with kubectl top, the OOM-killed worker's 251Mi first", async () => {
    const events = await ask("o-top", "which pod uses the most memory in analytics?");
    expect(ofType(events, "tool.finished").map((f) => [f.command, f.status])).toEqual([
      ["top pods -n analytics --sort-by=memory", "ok"],
    ]);
    const answer = ofType(events, "assistant.message").at(-1)?.content ?? "";
    const rows = answer.split("\n").filter((l) => /^\S+-[a-z0-9]{5}\s+\d+m\s+\d+Mi$/.test(l));
    expect(rows[0]).toMatch(/^report-worker-84c6d9f7b8-r7xwq\s+934m\s+251Mi$/);
    expect(rows.length).toBeGreaterThan(1);
    expect(ofType(events, "report.ready")).toHaveLength(0);
  });

  it("runs a read command in the namespace the question names, not the UI's", async () => {
    for (const [id, text, command] of [
      ["o14", "what pods are running in shop?", "get pods -n shop"],
      ["o15", "list deployments in shop", "get deployments -n shop"],
    ] as const) {
      const events = await ask(id, text, "default");
      expect(ofType(events, "tool.finished").map((f) => f.command)).toEqual([command]);
    }
  });

  it("follows the question's namespace over a selected object in another one, and the selection otherwise", async () => {
    const selectedResource = { kind: "Deployment", name: "report-worker", namespace: "analytics" };
    const withSelection = (conversationId: string, text: string) =>
      collect(
        agent.runTurn({
          conversationId,
          turnId: "t1",
          user: "alice",
          namespace: "analytics",
          input: { text, selectedResource },
        }),
      );
    const elsewhere = await withSelection("o16", "list pods in shop");
    expect(ofType(elsewhere, "tool.finished").map((f) => f.command)).toEqual(["get pods -n shop"]);
    const here = await withSelection("o17", "show it");
    expect(ofType(here, "tool.finished").map((f) => f.command)).toEqual([
      "get deployment report-worker -n analytics",
    ]);
  });

  it("scans the cluster: analyzers over all namespaces, evidence, correlation, a report", async () => {
    const events = await ask("o12", "scan the cluster", "shop");
    const finished = ofType(events, "tool.finished");
    expect(finished[0]).toMatchObject({ tool: "k8sgpt", command: "analyze --all-namespaces" });
    expect(finished.at(-1)).toMatchObject({
      tool: "k8sgpt",
      command: "analyze --all-namespaces --correlate",
    });
    // Evidence from both broken namespaces, not only the UI's.
    const evidence = finished.filter((f) => f.tool === "kubectl").map((f) => f.command);
    expect(evidence.some((c) => c.includes("-n shop"))).toBe(true);
    expect(evidence.some((c) => c.includes("-n analytics"))).toBe(true);
    const report = ofType(events, "report.ready")[0];
    expect(report?.degraded).toBe(false);
    expect(["OOMKilled", "CrashLoop"]).toContain(report?.report.category);
    const answer = ofType(events, "assistant.message").at(-1)?.content ?? "";
    // Whichever ranks first, the other broken workload is listed too.
    expect(answer).toMatch(/report-worker/);
    expect(answer).toMatch(/checkout/);
    expect(events.at(-1)?.type).toBe("turn.completed");
  });

  it("keeps its diagnosis when the request budget shrinks the tool outputs (it reads their artifacts)", async () => {
    const tight = createAgent({
      model: createModel({}),
      checkpointer: new MemorySaver(),
      config: defaultGraphConfig({ budgets: { historyTokens: 2_000 } }),
      clusterFor: () => fixture.cluster,
    });
    const events = await collect(
      tight.runTurn({
        conversationId: "o13",
        turnId: "t1",
        user: "alice",
        input: { text: "why is checkout failing in shop?" },
      }),
    );
    const report = ofType(events, "report.ready")[0]?.report;
    expect(report?.category).toBe("CrashLoop");
    expect(report?.affectedResources[0]).toMatchObject({ kind: "Deployment", name: "checkout" });
    expect(report?.evidence.length).toBeGreaterThan(0);
  });

  it("proposes the fix, which waits for approval and changes the cluster once approved", async () => {
    expect(await memoryLimit()).toBe("256Mi");
    const first = await ask("o2", "fix report-worker in analytics");
    const requested = ofType(first, "approval.requested")[0];
    expect(requested?.requests[0]).toMatchObject({
      command: expect.stringContaining("set resources deployment/report-worker") as unknown,
      target: { kind: "Deployment", namespace: "analytics", name: "report-worker" },
    });
    expect(requested?.requests[0]?.preview.diff ?? "").toMatch(/512Mi/);
    expect(await memoryLimit()).toBe("256Mi");
    const second = await collect(
      agent.runTurn({
        conversationId: "o2",
        turnId: "t1",
        user: "alice",
        input: {
          decisions: [
            { toolCallId: requested?.requests[0]?.toolCallId ?? "", decision: "approve" },
          ],
        },
      }),
    );
    expect(ofType(second, "tool.finished")[0]).toMatchObject({
      status: "ok",
      classification: "mutating",
    });
    expect(await memoryLimit()).toBe("512Mi");
    // The change is verified before the answer: resolved, or the next fix is asked for.
    const verdict = ofType(second, "verification.finished")[0]?.verification.outcome;
    const answer = ofType(second, "assistant.message").at(-1)?.content;
    if (verdict === "resolved") {
      expect(answer).toMatch(/^Done[\s\S]*Verified: Resolved/);
    } else {
      expect(verdict).toMatch(/unchanged|improved|timed_out/);
      expect(answer).toMatch(/^Verification — [\s\S]*Next attempt \(2 of 3\)/);
      const next = ofType(second, "approval.requested")[0]?.requests[0]?.command;
      expect(next).toMatch(/set resources deployment\/report-worker/);
      expect(next).not.toBe(requested?.requests[0]?.command);
    }
  });

  // The missing variable's value sits in a Secret of the namespace (checkout-db), so the
  // complete fix references that key: nothing runs before approval, and the value never shows.
  it("proposes the fix that reads a missing variable from the Secret holding it, without its value", async () => {
    const events = await ask("o3", "fix checkout in shop");
    const requests = ofType(events, "approval.requested").flatMap((e) => e.requests);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.command).toMatch(/secretKeyRef/);
    expect(requests[0]?.command).toMatch(/checkout-db/);
    expect(requests[0]?.command).toMatch(/DATABASE_URL/);
    expect(ofType(events, "tool.finished").every((f) => f.classification === "read")).toBe(true);
    expect(JSON.stringify(events)).not.toContain("Xk9%23mP2vLq7w");
  });

  it("says what it can do, and cannot, for a question outside its playbook", async () => {
    const events = await ask("o4", "write me a haiku about pods");
    expect(ofType(events, "tool.started")).toHaveLength(0);
    expect(ofType(events, "assistant.message")[0]?.content).toMatch(
      /offline diagnostician.*cannot answer general questions/s,
    );
  });

  it("refuses what the kubectl engine refuses, plainly", async () => {
    const events = await ask("o5", "kubectl exec -it deploy/checkout -n shop -- sh");
    expect(ofType(events, "tool.finished")[0]?.status).toBe("refused");
    expect(ofType(events, "assistant.message").at(-1)?.content).toMatch(/^I did not run/);
  });
});
