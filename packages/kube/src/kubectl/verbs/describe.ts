import { isKubeError } from "../../errors";
import type { ResourceInfo } from "../../connection/resourceInfo";
import { describeConfigMap, describeSecret } from "../../output/describe/describeData";
import { describeDeployment } from "../../output/describe/describeDeployment";
import { describeGeneric } from "../../output/describe/describeGeneric";
import type { NodeExtras } from "../../output/describe/describeNode";
import { describeNode, nodePodFields } from "../../output/describe/describeNode";
import { describePod } from "../../output/describe/describePod";
import { describeService, formatEndpointSlices } from "../../output/describe/describeService";
import {
  describeHpa,
  describeIngress,
  describeNamespace,
  describePvc,
  serviceBackend,
} from "../../output/describe/describeMisc";
import {
  countPods,
  describeCronJob,
  describeDaemonSet,
  describeJob,
  describeReplicaSet,
  describeStatefulSet,
} from "../../output/describe/describeWorkloads";
import type { Obj } from "../fetch";
import { getResource, listResource } from "../fetch";
import { resolveTargets } from "../targets";
import type { VerbContext, VerbOutput } from "../verbContext";
import { notFoundLine, noResourcesNote, scopeOf } from "./common";
import { selectorOf } from "./workload";

/**
 * `kubectl describe`: dedicated sections for pods, deployments, services,
 * nodes, secrets (sizes only) and config maps; kubectl's generic layout for
 * every other kind; each followed by the object's events. Objects are read
 * redacted, so no describer ever sees a secret value.
 */
export async function runDescribe(ctx: VerbContext): Promise<VerbOutput> {
  const { flags } = ctx.command;
  const resolved = await resolveTargets(ctx, ctx.command.args, "describe");
  const showEvents = flags.bool("show-events", true);
  const labelSelector = flags.string("selector");
  const errors: string[] = [];
  const texts: string[] = [];
  // Describing stops once the output is past the line budget: every further object costs
  // requests (its events, its pods) for text that would be cut anyway.
  let lines = 0;
  let skipped = 0;
  const describe = async (
    info: ResourceInfo,
    object: Obj,
    alongside: Alongside | undefined,
  ): Promise<void> => {
    if (lines > ctx.limits.maxLines) {
      skipped++;
      return;
    }
    const text = await describeOne(ctx, info, object, showEvents, alongside);
    lines += text.split("\n").length + 2;
    texts.push(text);
  };
  for (const target of resolved.targets) {
    const namespace = scopeOf(ctx, target.info);
    if (target.names.length === 0) {
      const listing = await listResource(
        ctx,
        target.info,
        { namespace, ...(labelSelector ? { labelSelector } : {}) },
        { budget: ctx.limits.maxLines },
      );
      for (const object of listing.kind === "objects" ? listing.items : []) {
        await describe(target.info, object, undefined);
      }
      skipped += listing.remaining;
    }
    for (const name of target.names) {
      // A named object still within the budget gets what it needs beyond itself read alongside it.
      const alongside =
        lines <= ctx.limits.maxLines
          ? readAlongside(ctx, target.info, namespace, name, showEvents)
          : undefined;
      let got: Awaited<ReturnType<typeof getResource>>;
      try {
        got = await getResource(ctx, target.info, namespace, name);
      } catch (error) {
        if (!isKubeError(error, "not_found")) throw error;
        errors.push(notFoundLine(target.info, name));
        continue;
      }
      if (got.kind === "object") await describe(target.info, got.object, alongside);
    }
  }
  return {
    text: texts.join("\n\n\n"),
    ...(skipped > 0
      ? { omittedNote: `${skipped.toLocaleString("en-US")} more objects not described` }
      : {}),
    notes:
      texts.length === 0 && errors.length === 0 ? [noResourcesNote(ctx, resolved.targets)] : [],
    errors,
    hint: "a single object name, or --show-events=false",
  };
}

/** Kinds with a dedicated describer, by `group/Kind` (core group: `/Kind`). */
const DEDICATED = new Set([
  "/Pod",
  "apps/Deployment",
  "/Service",
  "/Node",
  "/Secret",
  "/ConfigMap",
  "apps/StatefulSet",
  "apps/ReplicaSet",
  "apps/DaemonSet",
  "batch/Job",
  "batch/CronJob",
  "/Namespace",
  "/PersistentVolumeClaim",
  "networking.k8s.io/Ingress",
  "autoscaling/HorizontalPodAutoscaler",
]);

/** The dedicated describer's kind, or "" for the generic one. */
function describerKind(info: ResourceInfo): string {
  return DEDICATED.has(`${info.group}/${info.kind}`) ? info.kind : "";
}

/** kubectl shows no events for Secrets and Namespaces. */
function wantsEvents(kind: string, showEvents: boolean): boolean {
  return showEvents && kind !== "Secret" && kind !== "Namespace";
}

/** What describing a named object reads besides the object, started together with its GET. */
interface Alongside {
  events?: Promise<Obj[]>;
  nodeExtras?: Promise<NodeExtras>;
}

/**
 * Reads that need only the object's name (its events; a node's pods and
 * lease), started before the object arrives: one round trip instead of two.
 * Each is marked handled: when the object turns out not to exist, nobody awaits them.
 */
function readAlongside(
  ctx: VerbContext,
  info: ResourceInfo,
  namespace: string | undefined,
  name: string,
  showEvents: boolean,
): Alongside {
  const kind = describerKind(info);
  const out: Alongside = {};
  if (wantsEvents(kind, showEvents)) out.events = handled(eventsNamed(ctx, info, namespace, name));
  if (kind === "Node") out.nodeExtras = handled(nodeExtras(ctx, name));
  return out;
}

function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

async function describeOne(
  ctx: VerbContext,
  info: ResourceInfo,
  object: Obj,
  showEvents: boolean,
  alongside: Alongside = {},
): Promise<string> {
  const kind = describerKind(info);
  const meta = (object.metadata ?? {}) as Obj;
  // The events are read alongside whatever else the describer needs: one round trip, not two.
  const eventsRead = wantsEvents(kind, showEvents)
    ? (
        alongside.events ??
        eventsNamed(
          ctx,
          info,
          typeof meta.namespace === "string" ? meta.namespace : undefined,
          String(meta.name),
        )
      ).then((events) => ownEvents(events, object, info))
    : Promise.resolve(undefined);
  // Awaited below on every path; marked handled so a failure elsewhere first is not "unhandled".
  eventsRead.catch(() => undefined);
  const withEvents = <T>(extra: Promise<T>): Promise<[T, Obj[] | undefined]> =>
    Promise.all([extra, eventsRead]);
  const now = ctx.now;
  switch (kind) {
    case "Pod":
      return describePod(object, await eventsRead, now);
    case "Deployment": {
      const [replicaSets, events] = await withEvents(ownedReplicaSets(ctx, object));
      return describeDeployment(object, replicaSets, events, now);
    }
    case "Service": {
      const [slices, events] = await withEvents(
        slicesOf(ctx, String(meta.namespace), String(meta.name)),
      );
      return describeService(object, slices, events, now);
    }
    case "Node": {
      const [extras, events] = await withEvents(
        alongside.nodeExtras ?? nodeExtras(ctx, String(meta.name)),
      );
      return describeNode(object, extras, events, now);
    }
    case "Secret":
      return describeSecret(object);
    case "ConfigMap":
      return describeConfigMap(object, await eventsRead, now);
    case "StatefulSet": {
      const [pods, events] = await withEvents(podsOf(ctx, object));
      return describeStatefulSet(object, countPods(pods, meta.uid), events, now);
    }
    case "ReplicaSet": {
      const [pods, events] = await withEvents(podsOf(ctx, object));
      return describeReplicaSet(object, countPods(pods, meta.uid), events, now);
    }
    case "DaemonSet": {
      const [pods, events] = await withEvents(podsOf(ctx, object));
      return describeDaemonSet(object, countPods(pods, meta.uid), events, now);
    }
    case "Job":
      return describeJob(object, await eventsRead, now);
    case "CronJob":
      return describeCronJob(object, await eventsRead, now);
    case "Namespace": {
      const name = String(meta.name);
      const [quotas, ranges] = await Promise.all([
        listIn(ctx, "resourcequotas", name),
        listIn(ctx, "limitranges", name),
      ]);
      return describeNamespace(object, quotas, ranges);
    }
    case "PersistentVolumeClaim": {
      const [pods, events] = await withEvents(listIn(ctx, "pods", String(meta.namespace)));
      const usedBy = pods
        .filter((p) =>
          (((p.spec as Obj | undefined)?.volumes ?? []) as Obj[]).some(
            (v) => (v.persistentVolumeClaim as Obj | undefined)?.claimName === meta.name,
          ),
        )
        .map((p) => String((p.metadata as Obj).name));
      return describePvc(object, usedBy, events, now);
    }
    case "Ingress": {
      const [backends, events] = await withEvents(ingressBackends(ctx, object));
      return describeIngress(
        object,
        (service) => backends.get(serviceBackend(service)) ?? serviceBackend(service),
        events,
        now,
      );
    }
    case "HorizontalPodAutoscaler":
      return describeHpa(object, await eventsRead, now);
    default:
      return describeGeneric(object, await eventsRead, now);
  }
}

async function listIn(
  ctx: VerbContext,
  type: string,
  namespace: string,
  labelSelector?: string,
): Promise<Obj[]> {
  const info = await ctx.cluster.discovery.resolve(type, ctx.signal);
  const listing = await listResource(ctx, info, {
    namespace,
    ...(labelSelector ? { labelSelector } : {}),
  });
  return listing.kind === "objects" ? listing.items : [];
}

/** The pods a workload's selector matches (for its Pods Status counts). */
async function podsOf(ctx: VerbContext, workload: Obj): Promise<Obj[]> {
  const selector = selectorOf(workload);
  if (selector === undefined) return [];
  return listIn(ctx, "pods", String((workload.metadata as Obj).namespace), selector);
}

async function slicesOf(ctx: VerbContext, namespace: string, service: string): Promise<Obj[]> {
  try {
    return await listIn(
      ctx,
      "endpointslices.discovery.k8s.io",
      namespace,
      `kubernetes.io/service-name=${service}`,
    );
  } catch (error) {
    if (isKubeError(error, "not_found")) return [];
    throw error;
  }
}

/** `name:port (endpoints)` for every service backend of an ingress, or the lookup error kubectl shows. */
async function ingressBackends(ctx: VerbContext, ingress: Obj): Promise<Map<string, string>> {
  const namespace = String((ingress.metadata as Obj).namespace);
  const spec = (ingress.spec ?? {}) as Obj;
  const backends: Obj[] = [];
  if (spec.defaultBackend !== undefined) backends.push(spec.defaultBackend as Obj);
  for (const rule of (spec.rules ?? []) as Obj[]) {
    for (const path of ((rule.http as Obj | undefined)?.paths ?? []) as Obj[])
      backends.push((path.backend ?? {}) as Obj);
  }
  const out = new Map<string, string>();
  const serviceInfo = await ctx.cluster.discovery.resolve("services", ctx.signal);
  for (const backend of backends) {
    if (backend.service === undefined) continue;
    const service = backend.service as Obj;
    const label = serviceBackend(service);
    if (out.has(label)) continue;
    let svc: Obj;
    try {
      const got = await getResource(ctx, serviceInfo, namespace, String(service.name));
      if (got.kind !== "object") continue;
      svc = got.object;
    } catch (error) {
      if (!isKubeError(error) || error.code === "cancelled") throw error;
      out.set(label, `${label} (<error: ${error.message}>)`);
      continue;
    }
    const port = (service.port ?? {}) as Obj;
    const match = (((svc.spec as Obj | undefined)?.ports ?? []) as Obj[]).find((p) =>
      typeof port.number === "number" && port.number !== 0
        ? p.port === port.number
        : p.name === port.name,
    );
    const slices = await slicesOf(ctx, namespace, String(service.name));
    out.set(
      label,
      `${label} (${formatEndpointSlices(slices, typeof match?.name === "string" ? match.name : "")})`,
    );
  }
  return out;
}

/**
 * Events about an object by name, namespace and kind. kubectl asks for its
 * uid too; `ownEvents` checks that here, so the query can start before the
 * object (and its uid) arrives.
 */
async function eventsNamed(
  ctx: VerbContext,
  info: ResourceInfo,
  namespace: string | undefined,
  name: string,
): Promise<Obj[]> {
  const eventInfo = await ctx.cluster.discovery.resolve("events", ctx.signal);
  const fields = [
    `involvedObject.name=${name}`,
    `involvedObject.namespace=${namespace ?? ""}`,
    `involvedObject.kind=${info.kind}`,
  ];
  const listing = await listResource(ctx, eventInfo, {
    namespace,
    fieldSelector: fields.join(","),
  });
  return listing.kind === "objects" ? listing.items : [];
}

/**
 * The events kubectl shows for the object: those naming its uid. Node events
 * are written with the node's uid or its name as uid; kubectl asks for both
 * and lists the first kind first.
 */
function ownEvents(events: Obj[], object: Obj, info: ResourceInfo): Obj[] {
  const meta = (object.metadata ?? {}) as Obj;
  const name = String(meta.name);
  const uids = typeof meta.uid === "string" && meta.uid !== "" ? [meta.uid] : [];
  if (info.kind === "Node" && !uids.includes(name)) uids.push(name);
  if (uids.length === 0) return events;
  const uidOf = (event: Obj): unknown => ((event.involvedObject ?? {}) as Obj).uid;
  return uids.flatMap((uid) => events.filter((event) => uidOf(event) === uid));
}

async function ownedReplicaSets(ctx: VerbContext, deployment: Obj): Promise<Obj[]> {
  const meta = (deployment.metadata ?? {}) as Obj;
  const info = await ctx.cluster.discovery.resolve("replicasets.apps", ctx.signal);
  const selector = selectorOf(deployment);
  const listing = await listResource(ctx, info, {
    namespace: String(meta.namespace),
    ...(selector ? { labelSelector: selector } : {}),
  });
  const items = listing.kind === "objects" ? listing.items : [];
  return items.filter((rs) =>
    (((rs.metadata as Obj).ownerReferences ?? []) as Obj[]).some((ref) => ref.uid === meta.uid),
  );
}

async function nodeExtras(ctx: VerbContext, name: string): Promise<NodeExtras> {
  const podInfo = await ctx.cluster.discovery.resolve("pods", ctx.signal);
  const [listing, lease] = await Promise.all([
    listResource(
      ctx,
      podInfo,
      {
        namespace: undefined,
        fieldSelector: `spec.nodeName=${name},status.phase!=Succeeded,status.phase!=Failed`,
      },
      { pick: nodePodFields },
    ),
    nodeLease(ctx, name),
  ]);
  return { pods: listing.kind === "objects" ? listing.items : [], lease };
}

/** The node's Lease, or the error text kubectl shows in its place. */
async function nodeLease(ctx: VerbContext, name: string): Promise<Obj | string> {
  try {
    const leaseInfo = await ctx.cluster.discovery.resolve("leases.coordination.k8s.io", ctx.signal);
    const got = await getResource(ctx, leaseInfo, "kube-node-lease", name);
    return got.kind === "object" ? got.object : "unreadable";
  } catch (error) {
    if (!isKubeError(error)) throw error;
    if (error.code === "cancelled") throw error;
    return error.message;
  }
}
