import { canonicalKind as kubeCanonicalKind } from "@kubemedic/kube";
import type { ActionRequest } from "./understand/actions/ActionRequest";
import { parseAction } from "./understand/actions/parseAction";
import { readChinese } from "./understand/readChinese";
import { usageCommand } from "./understand/usageQuestion";

/**
 * Scoping a question: what the user wants, in which namespace, about which
 * object. Deterministic and small on purpose; the graph uses it to decide
 * whether a finished answer gets a report, and the offline diagnostician uses
 * it to pick its playbook. A real LLM reads the question itself.
 */
export type IntentKind =
  /** Find out what is wrong with one object or a namespace. */
  | "diagnose"
  /** Look for problems across the cluster. */
  | "scan"
  /** Change the cluster to fix something. */
  | "fix"
  /** A plain get/describe/logs/events request. */
  | "command"
  /** Anything else: a greeting, a general question. */
  | "question";

export interface ResourceRef {
  /** Canonical kind (`Pod`, `Deployment`…) or undefined when only a name was given. */
  kind?: string;
  name: string;
  namespace?: string;
}

/**
 * A get/describe/logs request about an object named without its kind
 * ("describe checkout", "show the logs of checkout-7d9"): the object must be
 * found before the command can be written.
 */
export interface ObjectLookup {
  verb: "describe" | "logs";
  name: string;
  /** For logs: the previous container's ("the logs before the crash"). */
  previous: boolean;
}

export interface Intent {
  kind: IntentKind;
  namespace?: string;
  allNamespaces: boolean;
  resource?: ResourceRef;
  /** Words that may name an object ("checkout" in "why is checkout failing?"). */
  keywords: string[];
  /** For `command`: the kubectl command line to run (without `kubectl`). */
  command?: string;
  /** For `command` without a command line: the object to find first. */
  lookup?: ObjectLookup;
  /**
   * Words after "in" that may be a namespace ("why is checkout failing in shop?"),
   * for `prepare` to check against the cluster's namespaces. Only used when the
   * text names no namespace explicitly (`-n x`, `the x namespace`, `namespace x`).
   */
  namespaceCandidates: string[];
  /** True when the text itself named the namespace explicitly. */
  namespaceExplicit: boolean;
  /** For `fix`: a plain-language action ("restart checkout", "把 cart 扩容到 3 个副本"). */
  action?: ActionRequest;
}

/**
 * kubectl's short names and plurals → canonical kind (kube's table), except
 * kind names that are everyday words in a question ("no endpoints", "over quota").
 */
function canonicalKind(word: string): string | undefined {
  return PROSE.has(word.toLowerCase()) ? undefined : kubeCanonicalKind(word);
}
const PROSE = new Set(["no", "quota", "endpoints"]);

/** kubectl's `no/edge-1` form; "no" alone is an English word, not a kind. */
function slashKind(word: string): string | undefined {
  return word.toLowerCase() === "no" ? "Node" : canonicalKind(word);
}

const KUBECTL_VERBS = new Set([
  "get",
  "describe",
  "logs",
  "top",
  "explain",
  "api-resources",
  "api-versions",
  "version",
  "rollout",
  "scale",
  "set",
  "patch",
  "delete",
  "apply",
  "cordon",
  "uncordon",
  "label",
  "annotate",
  "create",
  "exec",
  "port-forward",
  "cluster-info",
  "events",
]);

const FIX = /\b(fix|repair|remediate|resolve|roll ?back|undo|restart|scale|apply the fix|heal)\b/i;
const DIAGNOSE =
  /\b(why|what'?s wrong|what is wrong|wrong|what'?s going on|what is going on|what happened|happen\w*|fail\w*|broken|crash\w*|error\w*|not working|doesn'?t work|won'?t|never|not (?:running|starting|ready|scaling|working)|issue|problem|diagnos\w*|troubleshoot\w*|investigat\w*|debug\w*|down|pending|unhealthy|healthy|stuck|hang\w*|slow|can'?t|cannot|unable|oom\w*|restart\w*|check|[45]0\d|[45]0\ds|timeouts?|timing out|what gives|sluggish|laggy|lagg?ing|flaky|flapping|acting up|misbehav\w*|degraded|outage|does nothing|doing nothing|no effect|dying|dies|died|dead|any ideas?|looks? (?:broken|off|bad|wrong|weird|sick))\b/i;
const SCAN =
  /\b(scan|whole cluster|entire cluster|all namespaces|cluster[- ]wide|cluster health|across the cluster)\b/i;
const COMMAND = /^(please\s+)?(list|show|get|describe|display|print|fetch|tail|logs?)\b/i;
/** "what pods are running in shop?", "which deployments exist?" */
const WHAT_KIND = /^(?:what|which)\s+([a-z]+)\s+(?:are|is|do|does|exist|run|were)\b/i;
const LOGS = /\blogs?\b/i;
/** A node named after "on" (or "in", as Chinese is read): `node x`, or a name that reads as a node's. */
const ON_NODE =
  /\b(?:on|in)\s+(?:the\s+)?node\s+([a-z0-9][-a-z0-9.]*)|\b(?:on|in)\s+(?:the\s+)?((?:[a-z0-9-]*(?:node|worker|master|control-plane|gpu|edge|ip-\d)[-a-z0-9.]*))\b/i;
const EVENTS_QUESTION =
  /^(?:(?:are|were|is) there|any|what|which|recent|latest|show|list|get|check)\b|\bwarning events?\b/i;
/** "cart's environment", "the env vars of cart": what `describe` shows. */
const DETAILS =
  /(?:^|\s)([a-z0-9][-a-z0-9.]*)'s\s+(?:environment|env|env vars?|variables|configuration|config|settings|spec|details)\b|\b(?:environment|env vars?|variables|configuration|settings|details)\s+(?:of|for)\s+(?:the\s+)?([a-z0-9][-a-z0-9.]*)/i;
const EVENTS = /\bevents?\b/i;

const STOPWORDS = new Set(
  `a an the is are was were be been my our your it its this that these those of in on at to for from with and or not
   why what whats how who when where which wrong failing fails failed fail broken down pending working work
   doesnt cant cannot unable please can you me us show list get describe tell check see look find whole cluster
   namespace namespaces ns pod pods deployment deployments service services job jobs node nodes app apps
   happening going on there any anything something problem problems issue issues error errors crash crashing
   crashes keep keeps up running run diagnose troubleshoot investigate debug fix repair healthy unhealthy do does
   did have has had some all scan logs log events event status state ready stuck restart restarting
   exist exists`.split(/\s+/),
);

/**
 * The object selected in the UI, if the question is about it: a question that names its own
 * namespace, or every namespace, is not ("list pods -n shop" with web/api selected asks
 * nothing about api). `namespace` undefined means the question names none.
 */
export function selectionInScope<T extends ResourceRef>(
  selected: T | undefined,
  namespace: string | undefined,
  allNamespaces: boolean,
): T | undefined {
  if (selected === undefined || allNamespaces) return undefined;
  const inScope =
    namespace === undefined || selected.namespace === undefined || selected.namespace === namespace;
  return inScope ? selected : undefined;
}

/** Scopes a question. `defaultNamespace` is the UI's namespace, used when the text names none. */
export function parseIntent(
  text: string,
  opts: { defaultNamespace?: string; selected?: ResourceRef } = {},
): Intent {
  // Chinese is read into the English the rules below understand (understand/readChinese.ts).
  const trimmed = (readChinese(text) ?? text).trim().replace(/^\$\s*/, "");
  const tokens = trimmed.split(/\s+/);
  const named = namespaceIn(trimmed);
  const explicitNs = named.explicit;
  const allNamespaces = /(^|\s)(-A|--all-namespaces)\b/.test(trimmed) || SCAN.test(trimmed);
  // A word after "in" is checked against the cluster later, by the prepare node, with the same rule.
  const selected = selectionInScope(opts.selected, explicitNs, allNamespaces);
  const namespace = explicitNs ?? selected?.namespace ?? opts.defaultNamespace;
  const textResource = resourceIn(tokens);
  const resource = textResource ?? selected;
  const keywords = keywordsIn(trimmed);
  const base = {
    ...(namespace === undefined ? {} : { namespace }),
    allNamespaces,
    ...(resource === undefined ? {} : { resource: withNamespace(resource, namespace) }),
    keywords,
    namespaceCandidates:
      explicitNs === undefined ? [...new Set([...named.unsure, ...candidatesIn(trimmed)])] : [],
    namespaceExplicit: explicitNs !== undefined,
  };

  const explicit = explicitCommand(tokens);
  if (explicit !== undefined) return { kind: "command", ...base, command: explicit };
  const action = parseAction(trimmed);
  if (action !== undefined) return { kind: "fix", ...actionBase(base, action, namespace), action };
  if (FIX.test(trimmed) && !/\bwhy\b/i.test(trimmed)) return { kind: "fix", ...base };
  // "which pod uses the most memory?" is a read of the metrics API (understand/usageQuestion.ts).
  const usage = usageCommand(trimmed, allNamespaces ? undefined : namespace);
  if (usage !== undefined) return { kind: "command", ...base, command: usage };
  if (SCAN.test(trimmed)) return { kind: "scan", ...base };
  if (COMMAND.test(trimmed) && !/\b(why|wrong)\b/i.test(trimmed)) {
    // "list pods" with a Deployment selected lists pods: the selection stands in only for
    // what the text leaves unnamed.
    const kind = kindIn(trimmed);
    const subject =
      textResource ??
      (selected !== undefined && (kind === undefined || kind === selected.kind)
        ? selected
        : undefined);
    const command = naturalCommand(trimmed, subject, namespace);
    if (command !== undefined) return { kind: "command", ...base, command };
    const lookup = lookupIn(trimmed, namespace);
    if (lookup !== undefined) {
      const ref = withNamespace({ name: lookup.name }, namespace);
      return { kind: "command", ...base, resource: ref, lookup };
    }
  }
  // "are there warning events in shop?", "any events?": a read of the events, newest last.
  if (EVENTS.test(trimmed) && EVENTS_QUESTION.test(trimmed) && !/\bwhy\b/i.test(trimmed)) {
    const warning = /\bwarn\w*\b/i.test(trimmed) ? " --field-selector type=Warning" : "";
    return {
      kind: "command",
      ...base,
      command: `get events${nsArgs(namespace)}${warning} --sort-by=.lastTimestamp`,
    };
  }
  const asked = WHAT_KIND.exec(trimmed)?.[1];
  const askedKind = asked === undefined ? undefined : canonicalKind(asked);
  if (askedKind !== undefined && askedKind !== "Event" && !DIAGNOSE.test(trimmed)) {
    const ns = askedKind === "Namespace" || askedKind === "Node" ? "" : nsArgs(namespace);
    return { kind: "command", ...base, command: `get ${pluralArg(askedKind)}${ns}` };
  }
  // Without a namespace a diagnosis looks at every namespace (docs/agent.md, scope rules); it is
  // still a diagnosis, not the analyzers' list a "scan" asks for.
  if (DIAGNOSE.test(trimmed)) return { kind: "diagnose", ...base };
  if (selected !== undefined) return { kind: "diagnose", ...base };
  return { kind: "question", ...base };
}

/**
 * An action's object is its target, and nothing else in the sentence names one: a
 * value (`500m`, `v2.3.1`, `LOG_LEVEL`) is never looked up as an object's name.
 */
function actionBase<B extends { keywords: string[]; resource?: ResourceRef }>(
  base: B,
  action: ActionRequest,
  namespace: string | undefined,
): B {
  const { name, kind } = action.target;
  const out = { ...base, keywords: name === undefined ? [] : [name] };
  delete out.resource;
  if (name === undefined) return out;
  const ns = action.target.namespace ?? namespace;
  return { ...out, resource: withNamespace({ ...(kind === undefined ? {} : { kind }), name }, ns) };
}

function withNamespace(ref: ResourceRef, namespace: string | undefined): ResourceRef {
  if (ref.namespace !== undefined || namespace === undefined || ref.kind === "Node") return ref;
  return { ...ref, namespace };
}

// "ns" is how people type "namespace" ("look at uploads ns").
const THE_X_NAMESPACE =
  /\b(?:in|the|at|check|inspect) (?:the )?([a-z0-9][-a-z0-9]*) (?:namespace|ns)\b/gi;

/**
 * The namespace the text names explicitly, plus words that name one only if
 * the cluster has it: "the status namespace" uses a word that is usually not
 * a name (a stopword), so it is checked against the cluster instead of
 * trusted. A namespace the text names as an origin ("moved it out of the
 * default namespace", "from the x namespace") is not the scope.
 */
function namespaceIn(text: string): { explicit: string | undefined; unsure: string[] } {
  const patterns = [
    /(?:^|\s)(?:-n|--namespace)(?:\s+|=)([a-z0-9][-a-z0-9]*)/gi,
    THE_X_NAMESPACE,
    /\bnamespace[:\s]+["'`]?([a-z0-9][-a-z0-9]*)/gi,
    /\bns[:\s]+([a-z0-9][-a-z0-9]*)/gi,
  ];
  const unsure: string[] = [];
  for (const p of patterns) {
    for (const m of text.matchAll(p)) {
      const ns = m[1]?.toLowerCase();
      if (ns === undefined) continue;
      if (ORIGIN.test(text.slice(0, m.index))) continue;
      if (!STOPWORDS.has(ns)) return { explicit: ns, unsure };
      // Only "the x namespace" names a namespace for sure; a stopword there is worth checking.
      if (p === THE_X_NAMESPACE && !unsure.includes(ns)) unsure.push(ns);
    }
  }
  return { explicit: undefined, unsure };
}

/**
 * Text ending like this introduces where something moved away from, not
 * where to look ("returns 503 from the web namespace" is still the scope).
 */
const ORIGIN =
  /\b(?:out of|away from|leaving|(?:mov\w*|migrat\w*|came|coming|transferr?\w*)\b[^.?!]{0,30}\bfrom)\s*$/i;

const SUBJECT = /^([a-z0-9][-a-z0-9]*)\s+(?:is|are|looks?|seems?|keeps?|has|have|went|goes|got)\b/i;

function candidatesIn(text: string): string[] {
  const out: string[] = [];
  // "shop looks broken", "payments are down": the sentence's subject may be a namespace; the
  // cluster confirms it or not, as for "in shop".
  const subject = SUBJECT.exec(text)?.[1]?.toLowerCase();
  if (subject !== undefined && !STOPWORDS.has(subject)) out.push(subject);
  for (const m of text.matchAll(/\b(?:in|from|of) ([a-z0-9][-a-z0-9]*)\b/gi)) {
    const word = m[1]?.toLowerCase();
    if (word !== undefined && !STOPWORDS.has(word) && !out.includes(word)) out.push(word);
  }
  return out;
}

/** `deploy/checkout`, `deployment checkout`, `pod checkout-7d9`, `the checkout deployment`. */
function resourceIn(tokens: string[]): ResourceRef | undefined {
  const words = tokens.map((t) => t.replace(/[?.,!:;"'`()]+$/g, "").replace(/^["'`(]+/, ""));
  for (const w of words) {
    const slash = /^([a-z.]+)\/([a-z0-9][-a-z0-9.]*)$/i.exec(w);
    const kind = slash?.[1] === undefined ? undefined : slashKind(slash[1]);
    if (kind !== undefined && slash?.[2] !== undefined)
      return { kind, name: slash[2].toLowerCase() };
  }
  for (let i = 0; i < words.length; i++) {
    const kind = canonicalKind(words[i] ?? "");
    if (kind === undefined || kind === "Namespace" || kind === "Event") continue;
    const next = words[i + 1];
    if (
      next !== undefined &&
      isName(next) &&
      !STOPWORDS.has(next.toLowerCase()) &&
      !canonicalKind(next)
    ) {
      if (words[i - 1]?.toLowerCase() === "-n") continue;
      return { kind, name: next.toLowerCase() };
    }
    const prev = words[i - 1];
    if (
      prev !== undefined &&
      isName(prev) &&
      !STOPWORDS.has(prev.toLowerCase()) &&
      !canonicalKind(prev)
    ) {
      return { kind, name: prev.toLowerCase() };
    }
  }
  return undefined;
}

function isName(word: string): boolean {
  return /^[a-z0-9][-a-z0-9.]{0,252}$/i.test(word) && !/^-/.test(word);
}

function keywordsIn(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().split(/[^a-z0-9-./]+/)) {
    const word = raw.replace(/^[-./]+|[-./]+$/g, "");
    if (word.length < 3 || STOPWORDS.has(word) || canonicalKind(word) || out.includes(word))
      continue;
    out.push(word.includes("/") ? (word.split("/")[1] ?? word) : word);
  }
  return out;
}

/** Words a sentence has and a kubectl command line never does. */
const PROSE_WORDS = new Set(["the", "of", "to", "on", "for", "my", "please", "its", "it", "with"]);

function explicitCommand(tokens: string[]): string | undefined {
  const rest = tokens[0]?.toLowerCase() === "kubectl" ? tokens.slice(1) : undefined;
  if (rest !== undefined && rest.length > 0) return rest.join(" ");
  // A bare command line such as "get pods -n shop" (a flag or slash makes it unambiguous).
  const verb = tokens[0]?.toLowerCase();
  if (
    verb !== undefined &&
    KUBECTL_VERBS.has(verb) &&
    tokens.some((t) => t.startsWith("-") || t.includes("/")) &&
    // "set the image of web to ghcr.io/x:v2" has a slash too, but is a sentence.
    !tokens.some((t) => PROSE_WORDS.has(t.toLowerCase()))
  ) {
    return tokens.join(" ");
  }
  return undefined;
}

/**
 * Every word of a question that could name an object (not an everyday word, a kind or a flag),
 * lower-cased, once each. The route counts them: one name cannot point at two failing objects.
 */
export function objectNamesIn(text: string): string[] {
  // Split on anything a name cannot hold, so "checkout和payments" is two words.
  const names = (readChinese(text) ?? text).split(/[^A-Za-z0-9.'-]+/).map(objectName);
  return [...new Set(names.filter((n): n is string => n !== undefined))];
}

/** A word that can name an object: not an everyday word, a kind, or a flag. */
function objectName(word: string | undefined): string | undefined {
  const w = word
    ?.replace(/'s$/i, "")
    .replace(/[?.,!:;"'`()]+$/g, "")
    .replace(/^["'`(]+/, "");
  if (w === undefined || !isName(w)) return undefined;
  const lower = w.toLowerCase();
  return STOPWORDS.has(lower) || NOT_NAMES.has(lower) || canonicalKind(lower) !== undefined
    ? undefined
    : lower;
}

/** Words that stand before "logs" without naming anything ("show previous logs"). */
const NOT_NAMES = new Set(
  "tail print display fetch previous last latest recent current full container containers crash me before after since".split(
    " ",
  ),
);

/**
 * "describe checkout", "show the logs of checkout-7d9", "checkout's logs":
 * a describe/logs request whose object has no kind word. The namespace the
 * text names is never the object ("describe the shop namespace").
 */
function lookupIn(text: string, namespace: string | undefined): ObjectLookup | undefined {
  const details = DETAILS.exec(text);
  const detailed = objectName(details?.[1] ?? details?.[2]);
  if (detailed !== undefined && detailed !== namespace)
    return { verb: "describe", name: detailed, previous: false };
  const verb = /^(?:please\s+)?describe\b/i.test(text) && !LOGS.test(text) ? "describe" : "logs";
  const candidates =
    verb === "describe"
      ? [/^(?:please\s+)?describe\s+(?:the\s+)?(\S+)/i.exec(text)?.[1]]
      : [
          /\blogs?\s+(?:of|for|from)\s+(?:the\s+)?(\S+)/i.exec(text)?.[1],
          /(\S+)\s+logs?\b/i.exec(text)?.[1],
        ];
  const name = candidates.map(objectName).find((n) => n !== undefined && n !== namespace);
  if (name === undefined) return undefined;
  return { verb, name, previous: verb === "logs" && PREVIOUS.test(text) };
}

const PREVIOUS = /\b(previous|last|crash\w*|before)\b/i;

function nsArgs(namespace: string | undefined): string {
  return namespace === undefined ? " -A" : ` -n ${namespace}`;
}

/** "list pods in shop" → `get pods -n shop`; "show the logs of pod checkout-7d9" → `logs checkout-7d9 …`. */
function naturalCommand(
  text: string,
  resource: ResourceRef | undefined,
  namespace: string | undefined,
): string | undefined {
  const ns = namespace === undefined ? "" : ` -n ${namespace}`;
  if (LOGS.test(text)) {
    if (resource?.name === undefined) return undefined;
    const target =
      resource.kind === undefined || resource.kind === "Pod"
        ? resource.name
        : `${kindArg(resource.kind)}/${resource.name}`;
    const previous = PREVIOUS.test(text) ? " --previous" : "";
    return `logs ${target}${ns}${previous} --tail=100`;
  }
  if (EVENTS.test(text) && resource === undefined)
    return `get events${ns || " -A"} --sort-by=.lastTimestamp`;
  const describe = /^(please\s+)?describe\b/i.test(text);
  if (resource !== undefined && resource.kind !== undefined) {
    const own = resource.namespace === undefined ? ns : ` -n ${resource.namespace}`;
    return `${describe ? "describe" : "get"} ${kindArg(resource.kind)} ${resource.name}${resource.kind === "Node" ? "" : own}`;
  }
  const kind = kindIn(text);
  // "which pods run on worker-3?", "pods on node gpu-1": the pods a node runs.
  const node = kind === "Pod" ? ON_NODE.exec(text) : null;
  const nodeName = node?.[1] ?? node?.[2];
  if (nodeName !== undefined && !describe)
    return `get pods -A -o wide --field-selector spec.nodeName=${nodeName.toLowerCase()}`;
  if (kind !== undefined) {
    return `${describe ? "describe" : "get"} ${pluralArg(kind)}${ns || (kind === "Node" ? "" : " -A")}`;
  }
  return undefined;
}

/** The first word of the text that names a kind (other than Namespace), canonical. */
function kindIn(text: string): string | undefined {
  for (const word of text.split(/\s+/)) {
    const kind = canonicalKind(word.replace(/[?.,!]+$/, ""));
    if (kind !== undefined && kind !== "Namespace") return kind;
  }
  return undefined;
}

function pluralArg(kind: string): string {
  if (kind === "HorizontalPodAutoscaler") return "hpa";
  const k = kind.toLowerCase();
  return k.endsWith("s") ? `${k}es` : k.endsWith("y") ? `${k.slice(0, -1)}ies` : `${k}s`;
}

function kindArg(kind: string): string {
  return kind === "HorizontalPodAutoscaler" ? "hpa" : kind.toLowerCase();
}
