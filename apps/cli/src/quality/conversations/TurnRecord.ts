import type { AgentEvent, ApprovalRequest, DiagnosisReport } from "@kubemedic/protocol";

/** One tool call of a turn, as its events told it. */
export interface RecordedCall {
  toolCallId: string;
  tool: string;
  command: string;
  classification: string;
  /** Absent while it runs (a turn that stopped mid-call). */
  status?: string;
}

export interface RecordedApproval {
  request: ApprovalRequest;
  decision?: "approve" | "reject";
}

/** The agent asked back instead of answering (the `clarify` expectation). */
export interface RecordedClarify {
  question: string;
  choices: string[];
}

/** The turn's effective scope, as `turn.scoped` stated it. */
export interface RecordedScope {
  /** Namespaces the turn looked at; empty with `all`. */
  namespaces: string[];
  all: boolean;
  focus?: string;
}

/**
 * Everything one script turn did, from its events over every segment (the
 * question, then each resume after an approval).
 */
export interface TurnRecord {
  calls: RecordedCall[];
  approvals: RecordedApproval[];
  /** Assistant messages in order; deltas are kept until their complete message replaces them. */
  messages: { id: string; text: string }[];
  reports: DiagnosisReport[];
  clarify: RecordedClarify[];
  /** undefined when turn.started carried no scope (older agents). */
  scope: RecordedScope | undefined;
  /** completed, partial, awaiting_approval, failed (code: message), cancelled, or error (a thrown error). */
  ending: string;
  /** The requests of the pause the turn is in now (the last approval.requested of the segment). */
  paused: ApprovalRequest[] | undefined;
  /** Raw event types seen, for the JSON (newer events this runner does not know are listed too). */
  eventTypes: string[];
}

export function emptyTurnRecord(): TurnRecord {
  return {
    calls: [],
    approvals: [],
    messages: [],
    reports: [],
    clarify: [],
    scope: undefined,
    ending: "running",
    paused: undefined,
    eventTypes: [],
  };
}

/** Folds one agent event into the record. */
export function recordEvent(rec: TurnRecord, event: AgentEvent): void {
  if (!rec.eventTypes.includes(event.type)) rec.eventTypes.push(event.type);
  switch (event.type) {
    case "turn.started":
      // An agent that states the scope on turn.started (older form) is read too.
      rec.scope = scopeOf(event) ?? rec.scope;
      break;
    case "turn.scoped":
      rec.scope = scopeOf(event);
      break;
    case "assistant.delta": {
      const m = rec.messages.find((x) => x.id === event.messageId);
      if (m === undefined) rec.messages.push({ id: event.messageId, text: event.delta });
      else m.text += event.delta;
      break;
    }
    case "assistant.message": {
      const m = rec.messages.find((x) => x.id === event.messageId);
      if (m === undefined) rec.messages.push({ id: event.messageId, text: event.content });
      else m.text = event.content;
      break;
    }
    case "tool.started":
      rec.calls.push({
        toolCallId: event.toolCallId,
        tool: event.tool,
        command: event.command,
        classification: event.classification,
      });
      break;
    case "tool.finished": {
      const c = rec.calls.find((x) => x.toolCallId === event.toolCallId && x.status === undefined);
      if (c === undefined)
        rec.calls.push({
          toolCallId: event.toolCallId,
          tool: event.tool,
          command: event.command,
          classification: event.classification,
          status: event.status,
        });
      else c.status = event.status;
      break;
    }
    case "approval.requested":
      for (const request of event.requests) rec.approvals.push({ request });
      rec.paused = event.requests;
      rec.ending = "awaiting_approval";
      break;
    case "approval.resolved":
      rec.paused = undefined;
      for (const d of event.decisions) {
        const a = rec.approvals.find((x) => x.request.toolCallId === d.toolCallId);
        if (a !== undefined) a.decision = d.decision;
      }
      break;
    case "report.ready":
      rec.reports.push(event.report);
      break;
    case "turn.completed":
      rec.ending = event.partial ? "partial" : "completed";
      break;
    case "turn.failed":
      rec.ending = `failed (${event.code}: ${event.message})`;
      break;
    case "turn.cancelled":
      rec.ending = `cancelled${event.reason === undefined ? "" : ` (${event.reason})`}`;
      break;
    case "route.decided":
    case "plan.created":
    case "plan.revised":
    case "plan.step.started":
    case "plan.step.finished":
    case "verification.progress":
    case "verification.finished":
    case "history.summarized":
      // A plan or a verification changes how the turn investigated, not what a script checks (its tools, reports).
      break;
    case "clarification.requested": {
      // Read loosely: a script may run against an agent whose choices are plain strings.
      const c = clarificationOf(event);
      if (c !== undefined) rec.clarify.push(c);
      break;
    }
    default:
      recordNewer(rec, event);
  }
}

/** Events newer than this runner's protocol: the explicit clarify signal (`clarification.requested`). */
function recordNewer(rec: TurnRecord, event: { type: string } & Record<string, unknown>): void {
  if (/clarif/i.test(event.type)) {
    const c = clarificationOf(event);
    if (c !== undefined) rec.clarify.push(c);
  }
}

/**
 * A clarifying question: `{ question, choices }`, each choice a string or
 * `{ label, reply }` (what the button says, and what it sends). A choice is
 * kept as its label, with its reply when that says more (`prod → the api in prod`),
 * so an expected choice may match either.
 */
export function clarificationOf(value: unknown): RecordedClarify | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const v = value as Record<string, unknown>;
  const question = typeof v.question === "string" ? v.question : "";
  const choices = Array.isArray(v.choices) ? v.choices.map(choiceText) : [];
  return question === "" && choices.length === 0 ? undefined : { question, choices };
}

function choiceText(choice: unknown): string {
  if (typeof choice === "string") return choice;
  if (choice !== null && typeof choice === "object") {
    const c = choice as Record<string, unknown>;
    const label = ["label", "text", "value", "name"]
      .map((k) => c[k])
      .find((x) => typeof x === "string");
    const reply = typeof c.reply === "string" ? c.reply : undefined;
    if (typeof label === "string")
      return reply === undefined || reply === label ? label : `${label} → ${reply}`;
    if (reply !== undefined) return reply;
  }
  return JSON.stringify(choice);
}

/** The effective scope on `turn.scoped` (or on a stored turn), when the agent sends one. */
export function scopeOf(event: Record<string, unknown>): RecordedScope | undefined {
  const s = event.scope;
  if (s === undefined || s === null || typeof s !== "object") return undefined;
  const scope = s as Record<string, unknown>;
  const list = Array.isArray(scope.namespaces)
    ? scope.namespaces.filter((n): n is string => typeof n === "string")
    : typeof scope.namespace === "string"
      ? [scope.namespace]
      : [];
  const all = scope.allNamespaces === true || scope.all === true || list.length === 0;
  const focus = scope.focus ?? scope.object;
  return {
    namespaces: all ? [] : list,
    all,
    ...(typeof focus === "string"
      ? { focus }
      : focus !== null && typeof focus === "object"
        ? { focus: refString(focus as Record<string, unknown>) }
        : {}),
  };
}

function refString(r: Record<string, unknown>): string {
  return [r.kind, r.namespace, r.name].filter((p) => typeof p === "string").join("/");
}
