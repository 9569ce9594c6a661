import type { ObjectRef } from "@kubemedic/protocol";
import type { ConversationContext, DiagnosisMemory, TurnDigest } from "./context";
import type { FollowUp } from "./follow-up";

/** A value only the user knows, left for them to fill in (`DATABASE_URL=<value>`). */
const PLACEHOLDER = /<[^<>\s]+>/;

/**
 * A follow-up with what it refers to filled in from the conversation, as the
 * offline diagnostician acts on it and the LLM's prompt states it.
 */
export type ResolvedFollowUp =
  /** Run these read-only commands and answer. */
  | { kind: "read"; commands: string[]; about?: ObjectRef }
  /** Investigate again: the scope and object the conversation is about. */
  | { kind: "recheck"; namespace?: string; about?: ObjectRef }
  /** Propose these changes (through approval). */
  | {
      kind: "propose";
      commands: string[];
      why: "fix" | "undo";
      title?: string;
      /** The manifest each command reads (`apply -f -`), by command. */
      manifests?: Record<string, string>;
    }
  /** Say what the last diagnosis's fixes are, change nothing. */
  | { kind: "explain"; diagnosis: DiagnosisMemory }
  /** Say what the conversation changed (or proposed, and what became of it). */
  | { kind: "changes"; fixes: ConversationContext["fixes"] }
  /** Say what the conversation has been through: the summary of earlier turns, then the rest. */
  | { kind: "recap"; earlier?: string; turns: TurnDigest[] }
  /** Nothing to refer to: say so (and what to ask instead). */
  | { kind: "unresolved"; what: FollowUp["kind"] }
  /** The object the question names is ambiguous (`several`) or exists nowhere (`none`): ask which. */
  | {
      kind: "choose";
      name: string;
      found: "several" | "none";
      choices: { label: string; reply: string }[];
    };

/** The namespace the conversation is about, for a follow-up that names none. */
export function focusNamespace(c: ConversationContext): string | undefined {
  return c.diagnosis?.rootCause?.namespace ?? c.objects[0]?.namespace ?? c.namespaces[0];
}

/** The object "it" refers to: the last diagnosis's root cause, else the newest object in focus. */
function focusObject(c: ConversationContext): ObjectRef | undefined {
  const root = c.diagnosis?.rootCause;
  const newest = c.objects[0];
  // An object looked at after the diagnosis ("describe cart") is what "it" means now.
  return newest ?? root;
}

export function resolveFollowUp(
  f: FollowUp,
  c: ConversationContext,
):
  | Exclude<ResolvedFollowUp, { kind: "choose" }>
  | { kind: "rewrite"; text: string; namespace: string } {
  const ns = focusNamespace(c);
  const it = focusObject(c);
  switch (f.kind) {
    case "explain-fix":
      return c.diagnosis === undefined
        ? { kind: "unresolved", what: f.kind }
        : { kind: "explain", diagnosis: c.diagnosis };
    case "apply-fix": {
      const d = c.diagnosis;
      if (d === undefined || d.fixes.length === 0) return { kind: "unresolved", what: f.kind };
      const rejected = new Set(
        c.fixes.filter((x) => x.status === "rejected").map((x) => x.command),
      );
      const index = f.index === undefined ? undefined : f.index < 0 ? d.fixes.length : f.index;
      if (index === undefined) {
        // "fix it": the change that removes the cause and runs as written (no `<value>` only
        // the user knows), not one already rejected or made, with the follow-ups it needs
        // (a restart once the value exists) — what the fix playbook proposes.
        const done = new Set(
          c.fixes
            .filter(
              (x) => x.status === "rejected" || x.status === "applied" || x.status === "verified",
            )
            .map((x) => x.command),
        );
        const open = d.fixes.filter((x) => !done.has(x.command) && !PLACEHOLDER.test(x.command));
        const fix = open.find((x) => (x.role ?? "fix") === "fix");
        if (fix !== undefined) {
          // Its follow-ups are the ones listed right after it (offline-report.ts keeps them there).
          const after = d.fixes.slice(d.fixes.indexOf(fix) + 1);
          const end = after.findIndex((x) => x.role !== "follow-up");
          const followUps = (end < 0 ? after : after.slice(0, end)).filter(
            // A combined report's next cause starts a new list: its follow-ups are not this fix's.
            (x) => open.includes(x) && x.cause === fix.cause,
          );
          const batch = [fix, ...followUps];
          const manifests = Object.fromEntries(
            batch.flatMap((x) => (x.manifest === undefined ? [] : [[x.command, x.manifest]])),
          );
          return {
            kind: "propose",
            commands: batch.map((x) => x.command),
            why: "fix",
            title: fix.title,
            ...(Object.keys(manifests).length === 0 ? {} : { manifests }),
          };
        }
        // Nothing of the diagnosis is left to run as written (all made, or each needs a value,
        // or the fault is not kubectl's to fix): the fix playbook looks at the cluster again in
        // the same namespace — the next cause's fix, or why it cannot be fixed from here.
        // Of a combined report, the first cause none of whose fixes was made is the one left.
        const left = nextCauseNamespace(d, done) ?? ns;
        if (left !== undefined) return { kind: "rewrite", text: "fix it", namespace: left };
      }
      const chosen =
        index === undefined ? d.fixes.find((x) => !rejected.has(x.command)) : d.fixes[index - 1];
      if (chosen === undefined) return { kind: "unresolved", what: f.kind };
      return {
        kind: "propose",
        commands: [chosen.command],
        why: "fix",
        title: chosen.title,
        ...(chosen.manifest === undefined
          ? {}
          : { manifests: { [chosen.command]: chosen.manifest } }),
      };
    }
    case "undo": {
      const last = [...c.fixes]
        .reverse()
        .find((x) => x.status === "applied" || x.status === "verified");
      if (last?.undo === undefined) return { kind: "unresolved", what: f.kind };
      return {
        kind: "propose",
        commands: last.undo,
        why: "undo",
        title: `undo \`${last.command}\``,
      };
    }
    case "recheck": {
      if (ns === undefined && it === undefined) return { kind: "unresolved", what: f.kind };
      // What was diagnosed, else what was last acted on ("roll back orders-api", then "is it healthy now?").
      const about = c.diagnosis?.rootCause ?? it;
      return {
        kind: "recheck",
        ...(ns === undefined ? {} : { namespace: ns }),
        ...(about === undefined ? {} : { about }),
      };
    }
    case "others":
      return ns === undefined
        ? { kind: "unresolved", what: f.kind }
        : { kind: "read", commands: [`get pods -n ${ns}`] };
    case "and-in": {
      const last = c.lastQuestion;
      if (last === undefined) return { kind: "unresolved", what: f.kind };
      return { kind: "rewrite", text: inNamespace(last, ns, f.namespace), namespace: f.namespace };
    }
    case "history": {
      const workload = [c.diagnosis?.rootCause, ...c.objects].find(
        (o) => o !== undefined && ROLLABLE.has(o.kind),
      );
      if (workload === undefined) return { kind: "unresolved", what: f.kind };
      return {
        kind: "read",
        commands: [`rollout history ${slashRef(workload)}${nsFlag(workload)}`],
        about: workload,
      };
    }
    case "logs":
    case "describe":
    case "events": {
      // "the logs of the new pod": a pod the conversation named, else the workload's.
      const pod = f.kind === "logs" && f.pod ? c.objects.find((o) => o.kind === "Pod") : undefined;
      const target = pod ?? it;
      if (target === undefined) return { kind: "unresolved", what: f.kind };
      return { kind: "read", commands: [readCommand(f, target)], about: target };
    }
    case "what-changed":
      return { kind: "changes", fixes: c.fixes };
    case "recap":
      return {
        kind: "recap",
        ...(c.earlier === undefined ? {} : { earlier: c.earlier.text }),
        turns: c.turns ?? [],
      };
  }
}

/** The namespace of a combined report's first cause with none of its fixes made (or rejected). */
function nextCauseNamespace(d: DiagnosisMemory, done: ReadonlySet<string>): string | undefined {
  const causes = d.causes ?? [];
  const left = causes.findIndex(
    (_, i) =>
      !d.fixes.some((x) => x.cause === i && (x.role ?? "fix") === "fix" && done.has(x.command)),
  );
  return left < 0 ? undefined : causes[left]?.rootCause?.namespace;
}

const ROLLABLE = new Set(["Deployment", "StatefulSet", "DaemonSet"]);

function nsFlag(r: ObjectRef): string {
  return r.namespace === undefined ? "" : ` -n ${r.namespace}`;
}

function slashRef(r: ObjectRef): string {
  return `${r.kind.toLowerCase()}/${r.name}`;
}

function readCommand(
  f: Extract<FollowUp, { kind: "logs" | "describe" | "events" }>,
  it: ObjectRef,
): string {
  switch (f.kind) {
    case "logs": {
      const target = it.kind === "Pod" ? it.name : slashRef(it);
      return `logs ${target}${nsFlag(it)}${f.previous ? " --previous" : ""} --tail=100`;
    }
    case "describe":
      return `describe ${slashRef(it)}${nsFlag(it)}`;
    case "events":
      return `get events${nsFlag(it)} --field-selector involvedObject.name=${it.name} --sort-by=.lastTimestamp`;
  }
}

/** The earlier question asked about another namespace: its namespace word swapped, or named. */
function inNamespace(question: string, from: string | undefined, to: string): string {
  if (from !== undefined) {
    const swapped = question.replace(new RegExp(`(?<![-a-z0-9])${from}(?![-a-z0-9])`, "g"), to);
    if (swapped !== question) return swapped;
  }
  return `${question.replace(/[?.!\s]+$/, "")} in the ${to} namespace?`;
}
