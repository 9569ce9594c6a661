import { MemorySaver } from "@langchain/langgraph";
import {
  builtinScenarioDir,
  builtinScenarioNames,
  loadScenario,
  type Scenario,
} from "@kubemedic/demo-cluster";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent, createModel, defaultGraphConfig } from "../src/index";
import { startOpenAIStub, type OpenAIStub, type StubReply } from "../src/testing/index";
import { collect, ofType, startDemo, stubEnv, type DemoFixture } from "./fixtures";
import { CHECKOUT_REPORT } from "./report-fixture";

/** Values shorter than this are common words ("admin", "invoice") that legitimately name other objects. */
const MIN_SECRET_LENGTH = 8;

/** Every Secret value in the scenarios' cluster.yaml: base64 as written, decoded, line by line, nested base64 decoded. */
function secretValues(scenarios: Scenario[]): { values: Set<string>; skipped: string[] } {
  const values = new Set<string>();
  const skipped: string[] = [];
  const add = (v: string): void => {
    const t = v.trim();
    if (t.length === 0) return;
    if (t.length < MIN_SECRET_LENGTH) {
      skipped.push(t);
      return;
    }
    values.add(t);
  };
  const addDecoded = (plain: string): void => {
    add(plain);
    // PEM armor lines ("-----BEGIN CERTIFICATE-----") are public markers, not values.
    for (const line of plain.split("\n"))
      if (!/^-----(BEGIN|END) [A-Z ]+-----$/.test(line.trim())) add(line);
    try {
      add(decodeURIComponent(plain));
    } catch {
      // not URL-encoded
    }
    for (const token of plain.match(/[A-Za-z0-9+/]{16,}={0,2}/g) ?? []) {
      add(token);
      add(Buffer.from(token, "base64").toString("utf8"));
    }
  };
  for (const s of scenarios) {
    for (const { object } of s.objects) {
      if (object.kind !== "Secret") continue;
      const data = (object as { data?: Record<string, string> }).data ?? {};
      const stringData = (object as { stringData?: Record<string, string> }).stringData ?? {};
      for (const b64 of Object.values(data)) {
        add(b64);
        addDecoded(Buffer.from(b64, "base64").toString("utf8"));
      }
      for (const plain of Object.values(stringData)) {
        add(Buffer.from(plain).toString("base64"));
        addDecoded(plain);
      }
    }
  }
  return { values, skipped };
}

let fixture: DemoFixture;
let stub: OpenAIStub;
let scenarios: Scenario[];

beforeAll(async () => {
  scenarios = await Promise.all(
    builtinScenarioNames().map((n) => loadScenario(builtinScenarioDir(n))),
  );
  fixture = await startDemo();
});
afterAll(async () => {
  await stub?.close();
  await fixture.close();
});

describe("no Secret value reaches the model", () => {
  it("reads secrets, pods, env, config, events, logs and analyses in every scenario namespace; no request carries a value", async () => {
    const { values, skipped } = secretValues(scenarios);
    expect(values.size).toBeGreaterThan(10);
    const namespaces = [...new Set(scenarios.filter((s) => !s.base).map((s) => s.namespace))];
    const rounds: StubReply[] = namespaces.map((ns) => {
      const scenario = scenarios.find((s) => s.namespace === ns);
      const secretNames = (scenario?.objects ?? [])
        .filter((o) => o.object.kind === "Secret")
        .map((o) => o.object.metadata?.name ?? "");
      const commands = [
        `get secrets -n ${ns} -o yaml`,
        `get secrets -n ${ns} -o json`,
        `describe secrets -n ${ns}`,
        ...secretNames.map((n) => `get secret ${n} -n ${ns} -o yaml`),
        `get pods -n ${ns} -o yaml`,
        `describe pods -n ${ns}`,
        `get deployments,statefulsets,jobs -n ${ns} -o yaml`,
        `describe deployments -n ${ns}`,
        `get configmaps -n ${ns} -o yaml`,
        `get events -n ${ns}`,
        ...(scenario?.logs ?? []).map(
          (l) =>
            `logs ${l.pod} -n ${l.namespace} -c ${l.container}${l.previous ? " --previous" : ""}`,
        ),
      ];
      return {
        toolCalls: [
          ...commands.map((command) => ({ name: "kubectl", arguments: { command } })),
          { name: "k8sgpt", arguments: { namespace: ns, correlate: true } },
        ],
      };
    });
    stub = await startOpenAIStub([
      ...rounds,
      { text: "I looked everywhere." },
      { toolCalls: [{ name: "diagnosis_report", arguments: { ...CHECKOUT_REPORT } }] },
    ]);
    const agent = createAgent({
      model: createModel(stubEnv(stub.url)),
      checkpointer: new MemorySaver(),
      config: defaultGraphConfig({
        limits: {
          maxIterations: rounds.length + 2,
          recursionLimit: 2 * rounds.length + 20,
          maxParallelTools: 8,
        },
      }),
      clusterFor: () => fixture.cluster,
    });
    const events = await collect(
      agent.runTurn({
        conversationId: "s1",
        turnId: "t1",
        user: "a",
        input: { text: "why is checkout failing in shop? check every namespace" },
      }),
    );
    expect(events.at(-1)?.type).toBe("turn.completed");
    const finished = ofType(events, "tool.finished");
    expect(finished.length).toBeGreaterThan(namespaces.length * 8);
    // The reads really returned content (a redacted Secret still lists its keys).
    expect(finished.filter((f) => f.status === "ok").length).toBeGreaterThan(finished.length * 0.8);
    expect(
      finished.some(
        (f) => f.command.startsWith("get secrets") && f.outputPreview.includes("DATABASE_URL"),
      ),
    ).toBe(true);

    expect(stub.requests.length).toBe(rounds.length + 2);
    const leaks: string[] = [];
    for (const [i, req] of stub.requests.entries()) {
      for (const v of values)
        if (req.raw.includes(v) || req.raw.includes(JSON.stringify(v).slice(1, -1)))
          leaks.push(`request ${i}: ${v.slice(0, 12)}…`);
    }
    // What the UI gets must be clean as well.
    const eventText = JSON.stringify(events);
    for (const v of values) if (eventText.includes(v)) leaks.push(`events: ${v.slice(0, 12)}…`);
    if (skipped.length > 0)
      console.log(
        `secret scan: ${values.size} values checked; too short to scan reliably: ${skipped.length}`,
      );
    expect(leaks).toEqual([]);
  });
});
