import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo, type DemoFixture } from "./demo";
import { GatewayFixture } from "./gateway-fixture";
import { serverBackends, type ServerDatabase } from "./server-backends";

/**
 * The agent's hooks feed the server's /metrics and debug logs (#14): a planned
 * turn on the real gateway (real port, real demo cluster with several faults,
 * the offline diagnostician) moves the node, model, tool and plan series, and
 * logs each phase with the conversation and turn ids. No label and no hook log
 * line carries a command line.
 */
const backend = (await serverBackends()).find((b) => b.name === "postgres");

/** In multi-outlet-crash-and-oom's Secret outlet/checkout-db (DATABASE_URL). */
const SECRET = "Xk9%23mP2vLq7w";

/** The series the agent's hooks feed. */
const AGENT_SERIES = /^kubemedic_(agent|llm|tool|plan)_/;

/** Every sample of the /metrics text: its series name, labels and value. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split("\n")
    .filter((l) => l !== "" && !l.startsWith("#"))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (m === null) throw new Error(`not a sample: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, k, v] of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
}

describe.skipIf(backend === undefined || backend.skipped !== undefined)(
  "agent hooks → /metrics and logs",
  () => {
    let demo: DemoFixture;
    let database: ServerDatabase;
    let fx: GatewayFixture;
    const logs: string[] = [];

    beforeAll(async () => {
      demo = await startDemo(["multi-payments-and-billing", "multi-outlet-crash-and-oom"]);
      database = await backend!.create();
      fx = await GatewayFixture.start(database, {
        kubeconfig: demo.kubeconfig,
        logs,
        logLevel: "debug",
      });
    });
    afterAll(async () => {
      await fx?.close();
      await database?.dispose();
      await demo?.close();
    });

    const sum = async (name: string, match: Record<string, string> = {}) =>
      samples(await (await fx.rest("/metrics")).text())
        .filter(
          (s) => s.name === name && Object.entries(match).every(([k, v]) => s.labels[k] === v),
        )
        .reduce((n, s) => n + s.value, 0);

    it("a planned turn moves the node, model, tool and plan series; labels are names and outcomes only", async () => {
      const series = {
        prepare: [
          "kubemedic_agent_node_duration_seconds_count",
          { node: "prepare", outcome: "ok" },
        ],
        planner: [
          "kubemedic_agent_node_duration_seconds_count",
          { node: "planner", outcome: "ok" },
        ],
        step: ["kubemedic_agent_node_duration_seconds_count", { node: "step", outcome: "ok" }],
        model: ["kubemedic_llm_call_duration_seconds_count", { outcome: "ok" }],
        toolTime: ["kubemedic_tool_call_duration_seconds_count", {}],
        tools: ["kubemedic_tool_calls_total", {}],
        kubectlOk: ["kubemedic_tool_calls_total", { tool: "kubectl", status: "ok" }],
        created: ["kubemedic_plan_events_total", { event: "created" }],
        started: ["kubemedic_plan_events_total", { event: "step_started" }],
        finished: ["kubemedic_plan_events_total", { event: "step_finished" }],
        stepsDone: ["kubemedic_plan_steps_total", { status: "done" }],
      } as const;
      const read = async () => {
        const out: Record<string, number> = {};
        for (const [key, [name, match]] of Object.entries(series))
          out[key] = await sum(name, match);
        return out;
      };
      const before = await read();

      const socket = await fx.socket();
      const conversationId = await fx.newConversation(socket);
      const turnId = await fx.send(socket, conversationId, "what's wrong with my cluster?");
      await socket.event("turn.completed", turnId, 120_000);
      const events = socket.events(conversationId).map((f) => f.event);
      const commands = events.flatMap((e) => (e.type === "tool.started" ? [e.command] : []));
      const created = events.find((e) => e.type === "plan.created");
      const steps = created?.type === "plan.created" ? created.plan.steps : [];
      const finished = events.filter((e) => e.type === "plan.step.finished").length;
      expect(steps.length).toBeGreaterThanOrEqual(2);
      expect(commands.length).toBeGreaterThan(0);
      await socket.close();

      const after = await read();
      const moved = (key: keyof typeof series) => after[key]! - before[key]!;
      expect(moved("prepare")).toBe(1);
      expect(moved("planner")).toBe(1);
      // One `step` node run per step: the steps' specialists ran as their own nodes.
      expect(moved("step")).toBe(finished);
      expect(moved("model")).toBeGreaterThan(0);
      // Every tool call, whatever its tool and status (a NotFound is an outcome too).
      expect(moved("toolTime")).toBe(commands.length);
      expect(moved("tools")).toBe(commands.length);
      expect(moved("kubectlOk")).toBeGreaterThan(0);
      expect(moved("created")).toBe(1);
      expect(moved("started")).toBe(finished);
      expect(moved("finished")).toBe(finished);
      expect(moved("stepsDone")).toBe(finished);
      // Each finished step is counted under its own specialist.
      for (const specialist of new Set(steps.map((s) => s.specialist))) {
        expect(await sum("kubemedic_plan_steps_total", { specialist })).toBeGreaterThan(0);
      }

      // Low-cardinality labels: names and outcomes, never a command line or an object.
      const text = await (await fx.rest("/metrics")).text();
      for (const s of samples(text).filter((s) => AGENT_SERIES.test(s.name))) {
        for (const value of Object.values(s.labels)) expect(value).toMatch(/^[\w.+-]*$/);
      }
      for (const command of commands) expect(text).not.toContain(command);
      for (const namespace of new Set(steps.flatMap((s) => s.scope.namespace ?? []))) {
        expect(text).not.toContain(`"${namespace}"`);
      }
      // A secret's value in the cluster (the outlet checkout's database password) is nowhere.
      expect(text).not.toContain(SECRET);
      expect(logs.join("\n")).not.toContain(SECRET);

      // Debug logs: each phase with the conversation and turn ids, no command line.
      const lines = logs
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.turnId === turnId && l.component === "agent");
      const said = (msg: string) => lines.filter((l) => l.msg === msg);
      for (const msg of ["agent node ended", "model call ended", "tool call ended", "plan event"]) {
        expect(said(msg).length, msg).toBeGreaterThan(0);
        for (const l of said(msg)) expect(l.conversationId).toBe(conversationId);
      }
      expect(said("tool call ended")).toHaveLength(commands.length);
      expect(said("agent node ended").every((l) => typeof l.durationMs === "number")).toBe(true);
      const logged = JSON.stringify(lines);
      for (const command of commands) expect(logged).not.toContain(command);
    });
  },
);
