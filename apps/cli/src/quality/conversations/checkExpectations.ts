import { scoreDiagnosis } from "@kubemedic/demo-cluster";
import type { DiagnosisReport } from "@kubemedic/protocol";
import type { Expectations, Mention, ScriptTurn, ToolExpectation } from "./ConversationScript";
import { judgeLanguage } from "./judgeLanguage";
import { matchCommand } from "./matchCommand";
import type { RecordedCall, TurnRecord } from "./TurnRecord";

/** One expectation of a turn and how it went; `got` says what happened instead when it failed. */
export interface ExpectationResult {
  /** The expectation's key (`tool`, `report`…), or `turn` / `decide` for the turn's own checks. */
  name: string;
  /** The expectation as written, in short. */
  expected: string;
  passed: boolean;
  got: string;
}

const MAX_LISTED = 8;

/** Approval pauses one turn may go through before the runner gives up on it. */
export const MAX_APPROVAL_ROUNDS = 5;

/**
 * A script turn against what it did: its expectations, then the turn's own
 * checks — it completed (or was left paused), and a `decide` found an
 * approval to decide and ended the pauses.
 */
export function checkTurn(
  turn: ScriptTurn,
  rec: TurnRecord,
  stillPaused: boolean,
): ExpectationResult[] {
  const own: ExpectationResult[] = [];
  const decide = turn.decide;
  if (decide !== undefined && rec.approvals.length === 0)
    own.push({
      name: "decide",
      expected: `an approval to ${decide.decision}`,
      passed: false,
      got: `no approval was requested (the turn ${rec.ending})`,
    });
  if (decide !== undefined && stillPaused)
    own.push({
      name: "decide",
      expected: `the turn to end after at most ${MAX_APPROVAL_ROUNDS} approvals`,
      passed: false,
      got: "it still asks for approval",
    });
  // A turn the script leaves paused (no decide) is moved on from by the next question, as in the UI.
  if (!/^(completed|partial|awaiting_approval)$/.test(rec.ending))
    own.push({ name: "turn", expected: "the turn to complete", passed: false, got: rec.ending });
  return [...checkExpectations(turn.expect, rec), ...own];
}

/** Checks every expectation of a turn against what the turn recorded, in the order of the keys. */
export function checkExpectations(expect: Expectations, rec: TurnRecord): ExpectationResult[] {
  const out: ExpectationResult[] = [];
  if (expect.report !== undefined) out.push(checkReport(expect.report, rec));
  for (const t of list(expect.tool)) out.push(checkTool(t, rec));
  if (expect.noTool === true) out.push(checkNoToolAtAll(rec));
  else for (const n of list(expect.noTool)) out.push(checkNoTool(n.commandContains, rec));
  for (const a of list(expect.approval)) out.push(checkApproval(a.commandContains, rec));
  if (expect.clarify !== undefined) out.push(checkClarify(expect.clarify, rec));
  if (expect.answerMentions !== undefined) out.push(checkMentions(expect.answerMentions, rec));
  if (expect.language !== undefined) out.push(checkLanguage(expect.language, rec));
  if (expect.scope !== undefined) out.push(checkScope(expect.scope, rec));
  return out;
}

function list<T>(v: T | T[] | undefined): T[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

function checkReport(
  want: NonNullable<Expectations["report"]>,
  rec: TurnRecord,
): ExpectationResult {
  const expected = `${want.category} on ${want.resource}${want.mentions?.length ? ` mentioning ${want.mentions.map((m) => JSON.stringify(m)).join(", ")}` : ""}`;
  const base = { name: "report", expected };
  if (rec.reports.length === 0)
    return {
      ...base,
      passed: false,
      got: `no report (the turn ${rec.ending}; ${callsText(rec.calls)})`,
    };
  const scored = rec.reports.map((r) => ({
    r,
    s: scoreDiagnosis(r, {
      category: want.category,
      resource: want.resource,
      mentions: want.mentions ?? [],
    }),
  }));
  if (scored.some((x) => x.s.passed)) return { ...base, passed: true, got: "" };
  const { r, s } = scored[scored.length - 1] as (typeof scored)[number];
  const why: string[] = [];
  if (!s.category) why.push(`category ${r.category}`);
  if (!s.resource) why.push(`affected resources ${resourcesText(r)}`);
  const missing = s.mentions.filter((m) => !m.found).map((m) => JSON.stringify(m.text));
  if (missing.length > 0) why.push(`not mentioned: ${missing.join(", ")}`);
  return { ...base, passed: false, got: why.join("; ") };
}

function resourcesText(r: DiagnosisReport): string {
  const all = r.affectedResources.map((a) =>
    a.namespace === undefined ? `${a.kind}/${a.name}` : `${a.kind}/${a.namespace}/${a.name}`,
  );
  return all.length === 0
    ? "(none)"
    : all.slice(0, MAX_LISTED).join(", ") + (all.length > MAX_LISTED ? ", …" : "");
}

function callsText(calls: readonly RecordedCall[]): string {
  if (calls.length === 0) return "no tool call";
  const shown = calls
    .slice(0, MAX_LISTED)
    .map(
      (c) =>
        `\`${c.tool === "kubectl" ? "" : `${c.tool} `}${c.command}\` (${c.status ?? "running"})`,
    );
  return `calls: ${shown.join(", ")}${calls.length > MAX_LISTED ? `, … ${calls.length - MAX_LISTED} more` : ""}`;
}

/** `x`, or `x` or `y` for alternatives. */
function commandText(c: string | readonly string[]): string {
  return (typeof c === "string" ? [c] : c).map((x) => `\`${x}\``).join(" or ");
}

function checkTool(want: ToolExpectation, rec: TurnRecord): ExpectationResult {
  const status = want.status ?? "ok";
  const expected = `a call containing ${commandText(want.commandContains)}${status === "ok" ? "" : status === "any" ? " (any status)" : ` that ended ${status}`}`;
  const matching = rec.calls.filter((c) => matchCommand(want.commandContains, c));
  const passed = matching.some((c) => status === "any" || c.status === status);
  if (passed) return { name: "tool", expected, passed, got: "" };
  const got =
    matching.length > 0
      ? `it ended ${matching.map((c) => c.status ?? "running").join(", ")}: ${callsText(matching)}`
      : callsText(rec.calls);
  return { name: "tool", expected, passed, got };
}

/** Every call the agent made: run (any status) or asked approval for. */
function everyCommand(rec: TurnRecord): RecordedCall[] {
  const ran = new Set(rec.calls.map((c) => c.toolCallId));
  return [
    ...rec.calls,
    ...rec.approvals
      .filter((a) => !ran.has(a.request.toolCallId))
      .map((a) => ({
        toolCallId: a.request.toolCallId,
        tool: a.request.tool,
        command: a.request.command,
        classification: "mutating",
        status: `awaiting approval`,
      })),
  ];
}

function checkNoToolAtAll(rec: TurnRecord): ExpectationResult {
  const all = everyCommand(rec);
  return {
    name: "noTool",
    expected: "no tool call",
    passed: all.length === 0,
    got: callsText(all),
  };
}

function checkNoTool(needle: string | readonly string[], rec: TurnRecord): ExpectationResult {
  const bad = everyCommand(rec).filter((c) => matchCommand(needle, c));
  return {
    name: "noTool",
    expected: `no call containing ${commandText(needle)}`,
    passed: bad.length === 0,
    got: callsText(bad),
  };
}

function checkApproval(needle: string | readonly string[], rec: TurnRecord): ExpectationResult {
  const expected = `an approval request containing ${commandText(needle)}`;
  const requests = rec.approvals.map((a) => a.request);
  const passed = requests.some((r) => matchCommand(needle, r));
  const got =
    requests.length === 0
      ? `no approval was requested (the turn ${rec.ending}; ${callsText(rec.calls)})`
      : `requests: ${requests.map((r) => `\`${r.command}\``).join(", ")}`;
  return { name: "approval", expected, passed, got: passed ? "" : got };
}

function checkClarify(
  want: NonNullable<Expectations["clarify"]>,
  rec: TurnRecord,
): ExpectationResult {
  const asked = rec.clarify;
  if (want === false) {
    return {
      name: "clarify",
      expected: "no question back",
      passed: asked.length === 0,
      got: asked.map((c) => `asked: ${clip(c.question, 200)}`).join("; "),
    };
  }
  const choices = want === true ? [] : want.choices;
  const expected =
    choices.length === 0
      ? "a question back"
      : `a question back with choices ${choices.map((c) => JSON.stringify(c)).join(", ")}`;
  if (asked.length === 0) {
    return {
      name: "clarify",
      expected,
      passed: false,
      got: `no clarify signal: the turn ${rec.ending}; ${callsText(rec.calls)}; it said: ${clip(lastMessage(rec), 240)}`,
    };
  }
  const offered = asked.flatMap((c) => c.choices);
  const missing = choices.filter(
    (w) => !offered.some((o) => o.toLowerCase().includes(w.toLowerCase())),
  );
  return {
    name: "clarify",
    expected,
    passed: missing.length === 0,
    got:
      missing.length === 0
        ? ""
        : `choices offered: ${offered.map((o) => JSON.stringify(o)).join(", ") || "(none)"}`,
  };
}

function lastMessage(rec: TurnRecord): string {
  return rec.messages[rec.messages.length - 1]?.text ?? "(no message)";
}

/**
 * The assistant's own text of the turn: its messages, the question it asked
 * back with its choices, the prose of its reports (summary, root cause,
 * recommendations) and the reasons it gave on approval requests. `commands`
 * adds the recommendations' commands (for mentions, not for the language).
 */
export function assistantText(rec: TurnRecord, commands: boolean): string {
  const parts: string[] = rec.messages.map((m) => m.text);
  for (const c of rec.clarify) parts.push(c.question, ...c.choices);
  for (const r of rec.reports) {
    parts.push(r.summary, r.rootCause);
    for (const x of r.recommendations) {
      parts.push(x.title, x.rationale);
      if (commands && x.command !== undefined) parts.push(`\`${x.command}\``);
    }
  }
  for (const a of rec.approvals) parts.push(a.request.reason);
  return parts.filter((p) => p.trim() !== "").join("\n");
}

function checkMentions(wanted: Mention[], rec: TurnRecord): ExpectationResult {
  const text = normalize(assistantText(rec, true));
  const missing = wanted.filter(
    (m) => !(Array.isArray(m) ? m : [m]).some((alt) => text.includes(normalize(alt))),
  );
  const show = (m: Mention): string =>
    Array.isArray(m)
      ? `one of (${m.map((x) => JSON.stringify(x)).join(" | ")})`
      : JSON.stringify(m);
  return {
    name: "answerMentions",
    expected: wanted.map(show).join(", "),
    passed: missing.length === 0,
    got:
      missing.length === 0
        ? ""
        : `missing ${missing.map(show).join(", ")}; the answer: ${clip(assistantText(rec, false), 300)}`,
  };
}

function normalize(s: string): string {
  return s.toLowerCase().replace(/\s+/g, " ");
}

function checkLanguage(want: "en" | "zh", rec: TurnRecord): ExpectationResult {
  const text = assistantText(rec, false);
  const j = judgeLanguage(text);
  return {
    name: "language",
    expected: want,
    passed: j.language === want,
    got:
      j.language === want
        ? ""
        : `judged ${j.language} (CJK share ${j.share}: ${j.cjk} CJK characters, ${j.latinWords} Latin words): ${clip(text, 200)}`,
  };
}

function checkScope(want: string | string[], rec: TurnRecord): ExpectationResult {
  const expected = Array.isArray(want) ? want.join(", ") : want;
  const s = rec.scope;
  if (s === undefined)
    return {
      name: "scope",
      expected,
      passed: false,
      got: "the turn stated no scope (no turn.scoped event)",
    };
  const got = s.all ? "all" : s.namespaces.join(", ");
  const wanted = Array.isArray(want) ? want : [want];
  const passed =
    wanted.length === 1 && wanted[0] === "all" ? s.all : !s.all && sameSet(wanted, s.namespaces);
  return {
    name: "scope",
    expected,
    passed,
    got: passed ? "" : `scope ${got}${s.focus ? ` (focus ${s.focus})` : ""}`,
  };
}

function sameSet(a: string[], b: string[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
}

function clip(s: string, n: number): string {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length <= n ? JSON.stringify(one) : `${JSON.stringify(one.slice(0, n))}…`;
}
