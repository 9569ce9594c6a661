import { KubeError } from "../../errors";
import { redactText } from "../../redact/redactText";
import type { Obj } from "../fetch";
import { listResource, readRaw } from "../fetch";
import { checkName } from "../targets";
import { str } from "../../output/describe/format";
import type { VerbContext, VerbOutput } from "../verbContext";
import { goDurationSeconds, selectorOf } from "./workload";

/** kubectl's per-pod tail when pods are picked by a selector. */
const SELECTOR_TAIL = 10;
/** Pods read at most for `logs -l`. */
const MAX_PODS = 10;
/** `--tail=-1` asks for everything; this many lines is "everything" here (output is bounded anyway). */
const ALL_LINES = 10_000;

/**
 * `kubectl logs`: one pod (or the first pod of a workload given as TYPE/NAME),
 * or every pod matching -l; the default container, -c, or --all-containers;
 * --previous, --tail (default: the engine's 200 lines), --since,
 * --since-time, --timestamps, --prefix. Log text is redacted.
 */
export async function runLogs(ctx: VerbContext): Promise<VerbOutput> {
  const { flags, args } = ctx.command;
  const selector = flags.string("selector");
  const notes: string[] = [];
  let pods: Obj[];
  let containerArg: string | undefined = flags.string("container");
  if (selector !== undefined) {
    if (args.length > 0) {
      throw new KubeError("usage", "only a selector (-l) or a pod name is allowed, not both");
    }
    pods = await podsBySelector(ctx, selector);
    if (pods.length === 0)
      return { text: "", notes: [`No resources found in ${ctx.namespace} namespace.`] };
    if (pods.length > MAX_PODS) {
      notes.push(`${pods.length} pods match; showing the logs of the first ${MAX_PODS}`);
      pods = pods.slice(0, MAX_PODS);
    }
  } else {
    const [target, container, ...extra] = args;
    if (target === undefined) {
      throw new KubeError("usage", "logs needs a pod name, TYPE/NAME or -l selector");
    }
    if (extra.length > 0) throw new KubeError("usage", `unexpected arguments: ${extra.join(" ")}`);
    if (container !== undefined) containerArg ??= container;
    pods = [await podFor(ctx, target, notes)];
  }
  const tail =
    flags.int("tail") ?? (selector !== undefined ? SELECTOR_TAIL : ctx.limits.logTailDefault);
  const query = {
    previous: flags.bool("previous") || undefined,
    tailLines: tail < 0 ? ALL_LINES : tail,
    sinceSeconds: sinceSeconds(flags.string("since")),
    sinceTime: flags.string("since-time"),
    timestamps: flags.bool("timestamps") || undefined,
    limitBytes: flags.int("limit-bytes"),
  };
  const prefix = flags.bool("prefix");
  const chunks: string[] = [];
  for (const pod of pods) {
    for (const container of containersOf(pod, containerArg, flags.bool("all-containers"), notes)) {
      const name = String((pod.metadata as Obj).name);
      const text = await ctx.cluster.transport.request({
        path: `/api/v1/namespaces/${encodeURIComponent(ctx.namespace)}/pods/${encodeURIComponent(name)}/log`,
        query: { container, ...query },
        accept: "text/plain, */*",
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      });
      const body = redactText(text.text.replace(/\n$/, ""));
      if (body === "") continue;
      chunks.push(
        prefix
          ? body
              .split("\n")
              .map((l) => `[pod/${name}/${container}] ${l}`)
              .join("\n")
          : body,
      );
    }
  }
  return {
    text: chunks.join("\n"),
    notes,
    hint: "--tail, --since, -c or -l",
    keep: "tail",
    structured: { kind: "logs", pods: pods.map((p) => String((p.metadata as Obj).name)) },
  };
}

async function podsBySelector(ctx: VerbContext, selector: string): Promise<Obj[]> {
  const info = await ctx.cluster.discovery.resolve("pods", ctx.signal);
  const listing = await listResource(ctx, info, {
    namespace: ctx.namespace,
    labelSelector: selector,
  });
  return listing.kind === "objects" ? listing.items : [];
}

/** A pod by name, or the first active pod of a workload (`deploy/x`), as kubectl picks it. */
async function podFor(ctx: VerbContext, target: string, notes: string[]): Promise<Obj> {
  const slash = target.indexOf("/");
  const podInfo = await ctx.cluster.discovery.resolve("pods", ctx.signal);
  if (slash === -1) return readRaw(ctx, podInfo, ctx.namespace, checkName(target));
  const info = await ctx.cluster.discovery.resolve(target.slice(0, slash), ctx.signal);
  const name = checkName(target.slice(slash + 1));
  if (info.kind === "Pod") return readRaw(ctx, podInfo, ctx.namespace, name);
  const owner = await readRaw(ctx, info, ctx.namespace, name);
  const selector = selectorOf(owner);
  if (selector === undefined) {
    throw new KubeError(
      "usage",
      `cannot find the pods of ${info.kind.toLowerCase()}/${name}: it has no selector`,
    );
  }
  const pods = await podsBySelector(ctx, selector);
  if (pods.length === 0)
    throw new KubeError("not_found", `no pods found for ${info.kind.toLowerCase()}/${name}`);
  const sorted = [...pods].sort(byActivity);
  const chosen = String((sorted[0]!.metadata as Obj).name);
  if (pods.length > 1) notes.push(`Found ${pods.length} pods, using pod/${chosen}`);
  return sorted[0]!;
}

/**
 * kubectl's ByLogging order (the pod `logs deploy/x` reads first): assigned to
 * a node, then Running < Unknown < Pending, then ready, then ready longest,
 * then most restarts, then oldest.
 */
function byActivity(a: Obj, b: Obj): number {
  const node = (p: Obj): string => str((p.spec as Obj | undefined)?.nodeName);
  if (node(a) !== node(b) && (node(a) === "" || node(b) === "")) return node(a) === "" ? 1 : -1;
  const rank: Record<string, number> = { Running: 0, Unknown: 1, Pending: 2 };
  const phase = (p: Obj): number => rank[str((p.status as Obj | undefined)?.phase)] ?? 3;
  if (phase(a) !== phase(b)) return phase(a) - phase(b);
  const readySince = (p: Obj): string | undefined => {
    const conditions = ((p.status as Obj | undefined)?.conditions ?? []) as Obj[];
    const ready = conditions.find((c) => c.type === "Ready" && c.status === "True");
    return ready ? str(ready.lastTransitionTime) : undefined;
  };
  const ra = readySince(a);
  const rb = readySince(b);
  if ((ra === undefined) !== (rb === undefined)) return ra !== undefined ? -1 : 1;
  if (ra !== undefined && rb !== undefined && ra !== rb) return ra < rb ? -1 : 1;
  const restarts = (p: Obj): number =>
    Math.max(
      0,
      ...(((p.status as Obj | undefined)?.containerStatuses ?? []) as Obj[]).map((c) =>
        typeof c.restartCount === "number" ? c.restartCount : 0,
      ),
    );
  if (restarts(a) !== restarts(b)) return restarts(b) - restarts(a);
  const created = (p: Obj): string => str((p.metadata as Obj).creationTimestamp);
  return created(a) === created(b) ? 0 : created(a) < created(b) ? -1 : 1;
}

function containersOf(
  pod: Obj,
  requested: string | undefined,
  all: boolean,
  notes: string[],
): string[] {
  const spec = (pod.spec ?? {}) as Obj;
  const names = (list: unknown): string[] =>
    Array.isArray(list) ? (list as Obj[]).map((c) => String(c.name)) : [];
  const regular = names(spec.containers);
  const init = names(spec.initContainers);
  const ephemeral = names(spec.ephemeralContainers);
  const podName = String((pod.metadata as Obj).name);
  if (all) return [...init, ...regular, ...ephemeral];
  if (requested !== undefined) {
    if (![...regular, ...init, ...ephemeral].includes(requested)) {
      throw new KubeError(
        "invalid",
        `container ${requested} is not valid for pod ${podName} (containers: ${[...regular, ...init].join(", ")})`,
      );
    }
    return [requested];
  }
  const annotations = ((pod.metadata as Obj).annotations ?? {}) as Record<string, string>;
  const chosen = annotations["kubectl.kubernetes.io/default-container"] ?? regular[0];
  if (chosen === undefined) throw new KubeError("invalid", `pod ${podName} has no containers`);
  if (regular.length + init.length + ephemeral.length > 1) {
    const others = [
      ...regular,
      ...init.map((n) => `${n} (init)`),
      ...ephemeral.map((n) => `${n} (ephem)`),
    ];
    notes.push(`Defaulted container "${chosen}" out of: ${others.join(", ")}`);
  }
  return [chosen];
}

function sinceSeconds(since: string | undefined): number | undefined {
  if (since === undefined) return undefined;
  return Math.max(1, Math.ceil(goDurationSeconds(since)));
}
