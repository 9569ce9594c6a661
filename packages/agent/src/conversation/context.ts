import type { EarlierSummary, ObjectRef } from "@kubemedic/protocol";
import type { Language } from "../language/language";

/** A change the conversation proposed, and what became of it. */
export interface FixRecord {
  turnId: string;
  command: string;
  status: "proposed" | "approved" | "rejected" | "applied" | "failed" | "verified" | "not-verified";
  /** The user's reason, for a rejection. */
  reason?: string;
  /** The commands that take it back (`rollout undo`, the previous replica count), when known. */
  undo?: string[];
}

/** The last diagnosis: what "it", "the fix" and "the second fix" refer to. */
export interface DiagnosisMemory {
  turnId: string;
  category: string;
  summary: string;
  rootCause?: ObjectRef;
  /** Its recommended changes with a command, in the report's order. */
  fixes: {
    title: string;
    command: string;
    /** As the report says it: `follow-up` only helps after a fix, `mitigation` limits the damage. */
    role?: "fix" | "follow-up" | "mitigation";
    manifest?: string;
    /** Which of a combined report's causes it belongs to (index into `causes`). */
    cause?: number;
  }[];
  /** A combined report's causes, primary first, by root-cause object (absent for a single cause). */
  causes?: { rootCause?: ObjectRef }[];
}

/**
 * One finished turn in a line's worth of facts: what was asked, what was
 * found, what was changed and what became of it. Kept while the turn's
 * messages are in the history; when trimming drops them, the digests are what
 * the summary of earlier turns is made from (turn-digest.ts).
 */
export interface TurnDigest {
  turnId: string;
  asked: string;
  /** The diagnosis (category, root-cause object, summary), or the answer's first line. */
  found?: string;
  changes: { command: string; status: FixRecord["status"]; reason?: string }[];
}

/**
 * The summary of the turns the history no longer holds (earlier-summary.ts): the
 * wire summary plus its newest lines, from which the next one is made.
 */
export interface EarlierMemory extends EarlierSummary {
  lines: string[];
}

/**
 * What the conversation has established, carried in the graph state (so it
 * is checkpointed with the conversation and survives a reload and a server
 * restart) and folded forward by `prepare` at the start of every turn, before
 * the history is trimmed: trimming old turns never loses it.
 */
export interface ConversationContext {
  /** Namespaces in focus, newest first (bounded). */
  namespaces: string[];
  /** Objects in focus, newest first (bounded). */
  objects: ObjectRef[];
  diagnosis?: DiagnosisMemory;
  /** Changes proposed in the conversation, oldest first (bounded). */
  fixes: FixRecord[];
  language?: Language;
  /** What the namespace picker said on the last turn (`all` when unset). */
  picker?: string;
  /** The last question that was not a follow-up, as asked: "and in payments?" repeats it. */
  lastQuestion?: string;
  /** The question the last turn asked back, if it did: the next message may answer it. */
  clarification?: { question: string; choices: { label: string; reply: string }[] };
  /** Digests of the turns still in the history, oldest first (absent in older checkpoints). */
  turns?: TurnDigest[];
  /** The summary of the turns trimmed out of the history. */
  earlier?: EarlierMemory;
}

export const MAX_FOCUS_NAMESPACES = 5;
export const MAX_FOCUS_OBJECTS = 10;
export const MAX_FIXES = 20;

export function emptyContext(): ConversationContext {
  return { namespaces: [], objects: [], fixes: [] };
}

export function refText(r: ObjectRef): string {
  return r.namespace === undefined ? `${r.kind}/${r.name}` : `${r.kind}/${r.namespace}/${r.name}`;
}

/**
 * The context as the LLM's system prompt carries it: a few bounded lines (the
 * request budget counts them like the rest of the prompt).
 */
export function renderContext(c: ConversationContext): string[] {
  const lines: string[] = [];
  if (c.namespaces.length > 0) lines.push(`- namespaces in focus: ${c.namespaces.join(", ")}`);
  if (c.objects.length > 0)
    lines.push(`- objects in focus: ${c.objects.slice(0, 5).map(refText).join(", ")}`);
  if (c.diagnosis !== undefined) {
    const d = c.diagnosis;
    lines.push(
      `- last diagnosis: ${d.category}${d.rootCause ? ` on ${refText(d.rootCause)}` : ""}: ${d.summary.slice(0, 300)}`,
    );
    d.fixes
      .slice(0, 4)
      .forEach((f, i) => lines.push(`  fix ${i + 1}: ${f.title.slice(0, 120)} — \`${f.command}\``));
  }
  if (c.earlier !== undefined)
    lines.push(
      `- earlier in this conversation (${c.earlier.turns} turns, summarized):`,
      ...c.earlier.text
        .slice(0, 1200)
        .split("\n")
        .map((l) => `  ${l}`),
    );
  for (const f of c.fixes.slice(-5))
    lines.push(
      `- change \`${f.command}\`: ${f.status}${f.reason ? ` (${f.reason.slice(0, 200)})` : ""}`,
    );
  return lines;
}
