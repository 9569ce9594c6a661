import type { ObjectRef, TurnScope } from "@kubemedic/protocol";
import { CLUSTER_WIDE } from "../graph/plan/decide-route";
import type { TurnInput } from "../graph/state";
import { parseIntent, type Intent } from "../intent";
import type { ClusterBackend } from "../tools/cluster-backend";
import type { ConversationContext } from "./context";
import { findObject, nearestNames } from "./find-object";
import { pickedChoice } from "./finished-turn";
import { readFollowUp } from "./follow-up";
import { focusNamespace, resolveFollowUp, type ResolvedFollowUp } from "./resolve-follow-up";
import { scopeOf } from "./scope-rule";

/** The message understood against the conversation: what it means, where it looks, what it refers to. */
export interface Understood {
  text: string;
  scope: TurnScope;
  followUp?: ResolvedFollowUp;
  /** The question to remember for "and in …?" (not set for follow-ups). */
  question?: string;
}

/**
 * Reads a new message against the conversation: a choice picked from the last question, a
 * follow-up resolved from the context, the namespace the text names, an object looked up
 * across namespaces (ask back when several or none match), and the turn's scope by the
 * scope rule (scope-rule.ts).
 */
export async function understand(
  input: TurnInput,
  prior: ConversationContext,
  backend: ClusterBackend,
  signal: AbortSignal | undefined,
): Promise<Understood> {
  let text = input.text;
  let forced: string | undefined;
  // An answer to the question the last turn asked: the choice's reply is what it means.
  const choice =
    prior.clarification === undefined ? undefined : pickedChoice(text, prior.clarification.choices);
  if (choice !== undefined) text = choice.reply;
  const follow = choice === undefined ? readFollowUp(text) : undefined;
  let followUp: ResolvedFollowUp | undefined;
  if (follow !== undefined) {
    const r = resolveFollowUp(follow, prior);
    if (r.kind === "rewrite") {
      text = r.text;
      forced = r.namespace;
    } else followUp = r;
  }
  const parsed = parseIntent(text);
  const textNamespace = forced ?? (await namedNamespace(parsed, backend, signal));
  const picker = input.namespace;
  const pickerMoved = prior.picker !== undefined && prior.picker !== (picker ?? "all");
  const followNs =
    followUp?.kind === "recheck"
      ? followUp.namespace
      : followUp?.kind === "read" || followUp?.kind === "propose"
        ? (namespaceOfCommands(followUp.commands) ?? focusNamespace(prior))
        : undefined;
  let found: ObjectRef | undefined;
  if (textNamespace === undefined && !parsed.allNamespaces && followUp === undefined) {
    const names = objectNames(parsed);
    if (names.length > 0) {
      let hit: Awaited<ReturnType<typeof findObject>>;
      try {
        hit = await findObject(backend, names, signal);
      } catch {
        // Unreachable cluster: the tools will say so.
      }
      if (hit !== undefined) {
        // Where the conversation already is wins among several of the same name.
        const near = focusNamespace(prior) ?? picker;
        const here = hit.matches.filter((m) => m.namespace === near);
        if (hit.matches.length === 1) found = hit.matches[0];
        else if (here.length === 1) found = here[0];
        else if (parsed.action === undefined)
          followUp = choose(
            text,
            hit.name,
            hit.matches,
            hit.all,
            names.length > 0 && named(parsed),
          );
      }
    }
  }
  const scope = scopeOf({
    textNamespace,
    followNamespace: followNs,
    clusterWide:
      parsed.allNamespaces ||
      (textNamespace === undefined && forced === undefined && CLUSTER_WIDE.test(text)),
    selected: input.selectedResource,
    picker,
    pickerMoved,
    focusNamespace: focusNamespace(prior),
    found,
  });
  const focus =
    followUp?.kind === "read" || followUp?.kind === "recheck" ? followUp.about : undefined;
  return {
    text,
    scope: focus === undefined || scope.focus !== undefined ? scope : { ...scope, focus },
    ...(followUp === undefined ? {} : { followUp }),
    ...(follow === undefined ? { question: text } : {}),
  };
}

/** Names an object may go by in the question: a named resource, else the keywords. */
function objectNames(intent: Intent): string[] {
  if (intent.resource !== undefined)
    return intent.resource.namespace === undefined ? [intent.resource.name] : [];
  if (intent.kind === "question") return [];
  return intent.keywords.filter((k) => /^[a-z0-9][-a-z0-9.]*$/.test(k)).slice(0, 3);
}

/** The question names its object for sure: with a kind, as `describe x`, or as a name with a dash. */
function named(intent: Intent): boolean {
  return (
    intent.resource !== undefined ||
    intent.keywords.some((k) => /^[a-z0-9]+(?:-[a-z0-9]+)+$/.test(k))
  );
}

/**
 * Ask back instead of guessing: several objects of that name (which namespace?), or none and
 * some close names (a typo?). Each choice answers with the question asked again about it.
 */
function choose(
  text: string,
  name: string,
  matches: readonly ObjectRef[],
  all: readonly ObjectRef[],
  sure: boolean,
): ResolvedFollowUp | undefined {
  const again = (r: ObjectRef): string => {
    const swapped = text.replace(
      new RegExp(`(?<![-a-z0-9])${escapeRegExp(name)}(?![-a-z0-9])`, "gi"),
      r.name,
    );
    return r.namespace === undefined
      ? swapped
      : `${swapped.replace(/[?.!\s]+$/, "")} in the ${r.namespace} namespace`;
  };
  const label = (r: ObjectRef): string =>
    `${r.kind.toLowerCase()}/${r.name}${r.namespace === undefined ? "" : ` (${r.namespace})`}`;
  if (matches.length > 1)
    return {
      kind: "choose",
      name,
      found: "several",
      choices: matches.slice(0, 8).map((r) => ({ label: label(r), reply: again(r) })),
    };
  if (!sure) return undefined;
  const close = nearestNames(name, all);
  if (close.length === 0) return undefined;
  return {
    kind: "choose",
    name,
    found: "none",
    choices: close.map((r) => ({ label: label(r), reply: again(r) })),
  };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function namespaceOfCommands(commands: readonly string[]): string | undefined {
  for (const c of commands) {
    const ns = /(?:^|\s)(?:-n|--namespace)[= ](\S+)/.exec(c)?.[1];
    if (ns !== undefined) return ns;
  }
  return undefined;
}

/**
 * The namespace the text names: explicitly (`-n x`, `the x namespace`), or a
 * word after "in" that is a namespace of the cluster ("why is checkout failing in shop?").
 */
async function namedNamespace(
  intent: Intent,
  backend: ClusterBackend,
  signal: AbortSignal | undefined,
): Promise<string | undefined> {
  if (intent.namespaceExplicit) return intent.namespace;
  if (intent.namespaceCandidates.length > 0) {
    try {
      const existing = new Set(await backend.listNamespaces(signal));
      return intent.namespaceCandidates.find((c) => existing.has(c));
    } catch {
      // Unreachable cluster: the tools will say so.
    }
  }
  return undefined;
}
