import type { RecordedRequest, StubReply } from "../src/testing/index";

/**
 * A generic stand-in for an OpenAI-compatible model, for the OpenAI stub: it
 * answers from what each request carries, never from a scenario's name or
 * wording. Asked for a route or a plan (forced structured output), it reads
 * the correlation summary in the request; as a specialist, it calls k8sgpt,
 * then kubectl on the object its goal names, then answers; asked for the
 * report, it writes it from the tool output in the messages (the ranked root
 * causes k8sgpt returned), quoting their evidence. It trusts the tools: it is
 * as good as correlation, which is the point — the test is of the LLM path's
 * plumbing (route → plan → specialists → report → combine), not of reasoning.
 */
export function genericModel(req: RecordedRequest): StubReply {
  const body = req.body;
  const messages = body?.messages ?? [];
  const tools = new Set((body?.tools ?? []).map((t) => t.function.name));
  const lastUser = [...messages].reverse().find((m) => m.role === "user");
  if (tools.has("route_decision")) return route(text(lastUser?.content));
  if (tools.has("investigation_plan")) return plan(text(lastUser?.content));
  if (tools.has("diagnosis_report")) return report(messages);
  return investigate(messages, tools);
}

/** `N. [Category] Kind ns/name: summary` — the correlation summary route and planner send. */
const SUMMARY_LINE = /^\d+\. \[([A-Za-z]+)\] ([A-Za-z]+) (?:([a-z0-9-]+)\/)?([a-z0-9.-]+): (.*)$/;

interface Target {
  category: string;
  kind: string;
  namespace: string | undefined;
  name: string;
  summary: string;
}

function targetsIn(content: string): Target[] {
  return content.split("\n").flatMap((line) => {
    const m = SUMMARY_LINE.exec(line.trim());
    if (m === null) return [];
    const [, category = "", kind = "", namespace, name = "", summary = ""] = m;
    return [{ category, kind, namespace, name, summary }];
  });
}

export const ROUTE_REASON = "the model: several independent root causes, one plan";
export const PLAN_REASON = "the model's plan: one step per root cause correlation found";

function route(content: string): StubReply {
  const n = targetsIn(content).length;
  const args =
    n >= 2
      ? { branch: "complex", reason: ROUTE_REASON }
      : { branch: "single", reason: "the model: one cause, one investigation" };
  return { toolCalls: [{ name: "route_decision", arguments: args }] };
}

/** A model's own idea of who looks at what; not the agent's table. */
function specialistOf(category: string): string {
  if (/Selector|Endpoint|Ingress|Network|DNS/i.test(category)) return "networking";
  if (/Storage|Volume/i.test(category)) return "storage";
  if (/Unschedulable|Quota|Node/i.test(category)) return "scheduling";
  if (/Config|RBAC|Secret/i.test(category)) return "config";
  return "workload";
}

function plan(content: string): StubReply {
  const steps = targetsIn(content).map((t) => ({
    goal: `Why is ${t.kind} ${t.namespace === undefined ? "" : `${t.namespace}/`}${t.name} failing? Correlation says: ${t.summary}`.slice(
      0,
      500,
    ),
    specialist: specialistOf(t.category),
    scope: {
      ...(t.namespace === undefined ? {} : { namespace: t.namespace }),
      kind: t.kind,
      name: t.name,
    },
    dependsOn: [],
  }));
  return {
    toolCalls: [{ name: "investigation_plan", arguments: { reason: PLAN_REASON, steps } }],
  };
}

type Message = NonNullable<NonNullable<RecordedRequest["body"]>["messages"]>[number];

/**
 * The object a specialist's goal asks about: "why is Kind ns/name failing?" (the model's own
 * plan) or "why is kind name failing in namespace ns?" (the rules' plan, or a revision).
 */
function goalTarget(goal: string): { kind: string; namespace?: string; name: string } | undefined {
  const m =
    /why is (\w+) (?:([a-z0-9-]+)\/)?([a-z0-9][a-z0-9.-]*?) failing(?: in namespace ([a-z0-9-]+))?/i.exec(
      goal,
    );
  if (m === null) return undefined;
  const namespace = m[2] ?? m[4];
  return { kind: m[1] ?? "", name: m[3] ?? "", ...(namespace ? { namespace } : {}) };
}

/** Since the goal: k8sgpt over the namespace (with correlation), then kubectl describe, then an answer. */
function investigate(messages: Message[], tools: Set<string>): StubReply {
  const goalAt = messages.map((m) => m.role).lastIndexOf("user");
  const goal = text(messages[goalAt]?.content);
  const target = goalTarget(goal);
  const rounds = messages.slice(goalAt + 1).filter((m) => m.role === "assistant").length;
  const ns = target?.namespace;
  if (rounds === 0 && tools.has("k8sgpt"))
    return {
      toolCalls: [
        { name: "k8sgpt", arguments: { ...(ns ? { namespace: ns } : {}), correlate: true } },
      ],
    };
  if (rounds <= 1 && tools.has("kubectl") && target !== undefined)
    return {
      toolCalls: [
        {
          name: "kubectl",
          arguments: {
            command: `describe ${target.kind.toLowerCase()} ${target.name}${ns ? ` -n ${ns}` : ""}`,
            reason: "read the object the step is about",
          },
        },
      ],
    };
  const found = candidatesIn(messages);
  const top = pick(found, target);
  return {
    text:
      top === undefined
        ? "The tools found nothing wrong here."
        : `${top.kind} ${top.namespace ?? ""}/${top.name}: ${top.rootCause}`,
  };
}

/** One ranked root cause of a `k8sgpt --correlate` output, as the model reads it. */
interface Candidate {
  category: string;
  severity: string;
  kind: string;
  namespace: string | undefined;
  name: string;
  rootCause: string;
  related: { kind: string; name: string; status?: string }[];
  evidence: { source: string; command?: string; excerpt: string }[];
  fixes: { title: string; command?: string; risk: string; requiresApproval: boolean }[];
}

const CANDIDATE =
  /^\d+\. \[([A-Za-z]+), (\w+), score [\d.]+\] ([A-Za-z]+) (?:([a-z0-9-]+)\/)?([a-z0-9.-]+): (.*)$/;

function candidatesIn(messages: Message[]): Candidate[] {
  const out: Candidate[] = [];
  for (const m of messages) {
    if (m.role !== "tool") continue;
    let current: Candidate | undefined;
    for (const line of text(m.content).split("\n")) {
      const c = CANDIDATE.exec(line);
      if (c !== null) {
        const [, category = "", severity = "", kind = "", namespace, name = "", rootCause = ""] = c;
        current = {
          category,
          severity,
          kind,
          namespace,
          name,
          rootCause,
          related: [],
          evidence: [],
          fixes: [],
        };
        out.push(current);
        continue;
      }
      if (current === undefined) continue;
      const related = /^ {3}related: (.*)$/.exec(line);
      if (related !== null)
        for (const part of (related[1] ?? "").split(", ")) {
          const r = /^([A-Za-z]+)\/([a-z0-9.-]+)(?: \((.*)\))?$/.exec(part);
          if (r !== null)
            current.related.push({
              kind: r[1] ?? "",
              name: r[2] ?? "",
              ...(r[3] ? { status: r[3] } : {}),
            });
        }
      const ev = /^ {3}evidence \((\w+)(?:: (.*?))?\): (.*)$/.exec(line);
      if (ev !== null)
        current.evidence.push({
          source: ev[1] ?? "",
          ...(ev[2] ? { command: ev[2] } : {}),
          excerpt: ev[3] ?? "",
        });
      const fix = /^ {3}fix: (.*?)(?: — kubectl (.*?))? \(risk (\w+)(, needs approval)?\)$/.exec(
        line,
      );
      if (fix !== null)
        current.fixes.push({
          title: fix[1] ?? "",
          ...(fix[2] ? { command: fix[2] } : {}),
          risk: fix[3] ?? "low",
          requiresApproval: fix[4] !== undefined,
        });
    }
  }
  return out;
}

/** The candidate on the goal's object, or on an object it names as related; else the top one. */
function pick(
  found: Candidate[],
  target: { kind: string; namespace?: string; name: string } | undefined,
): Candidate | undefined {
  if (target === undefined) return found[0];
  const same = (kind: string, name: string) =>
    kind.toLowerCase() === target.kind.toLowerCase() && name === target.name;
  return (
    found.find((c) => same(c.kind, c.name) && (target.namespace ?? c.namespace) === c.namespace) ??
    found.find((c) => c.related.some((r) => same(r.kind, r.name))) ??
    found[0]
  );
}

const SOURCES = new Set(["kubectl", "events", "logs", "analyzer"]);
const RISKS = new Set(["low", "medium", "high"]);

/** The report, from the tool output the request carries. */
function report(messages: Message[]): StubReply {
  const goalAt = messages.findIndex((m) => m.role === "user");
  const top = pick(candidatesIn(messages), goalTarget(text(messages[goalAt]?.content)));
  const args =
    top === undefined
      ? {
          summary: "Nothing is wrong in this scope.",
          category: "Healthy",
          severity: "info",
          rootCause: "The analyzers found no problem.",
          confidence: 0.6,
          affectedResources: [],
          evidence: [],
          recommendations: [],
        }
      : {
          summary: `${top.kind} ${top.name}: ${top.rootCause}`.slice(0, 1_000),
          category: top.category,
          severity: top.severity,
          rootCause: top.rootCause,
          confidence: 0.8,
          affectedResources: [
            {
              kind: top.kind,
              name: top.name,
              ...(top.namespace ? { namespace: top.namespace } : {}),
            },
            ...top.related.map((r) => ({
              ...r,
              ...(top.namespace ? { namespace: top.namespace } : {}),
            })),
          ],
          evidence: top.evidence.map((e) => ({
            source: SOURCES.has(e.source) ? e.source : "analyzer",
            ...(e.command ? { command: e.command } : {}),
            excerpt: e.excerpt,
          })),
          recommendations: top.fixes.map((f) => ({
            title: f.title.slice(0, 200),
            rationale: "Correlation's fix for this root cause.",
            ...(f.command ? { command: f.command } : {}),
            risk: RISKS.has(f.risk) ? f.risk : "medium",
            requiresApproval: f.requiresApproval,
          })),
        };
  return { toolCalls: [{ name: "diagnosis_report", arguments: args }] };
}

function text(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return (content as unknown[])
      .map((p) => (typeof p === "object" && p !== null && "text" in p ? String(p.text) : ""))
      .join("");
  return "";
}
