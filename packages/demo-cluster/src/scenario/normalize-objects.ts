import { isNewStyleEvent, toCoreEvent } from "../api/event-shapes";
import { DemoClusterError } from "../errors";
import { asObject, asObjects, asString, isObject, type KubeObject } from "../util/json";
import { deterministicUid } from "../util/uid";
import { objectRef } from "./object-ref";
import { formatTime, resolveRelativeTimes } from "./relative-time";
import type { SourcedObject } from "./scenario";
import { applyDefaults } from "./workload-defaults";

/**
 * Turns the objects of a scenario file into what the API server would hold:
 * relative times resolved, events in the stored (core/v1) shape, uids, names
 * and owner/involved-object uids filled in where the author left them out,
 * and API defaults applied. `known` are objects of included scenarios, which
 * owner references and events may point at.
 */
export function normalizeObjects(own: SourcedObject[], known: SourcedObject[], now: number): void {
  for (const s of own) {
    resolveRelativeTimes(s.object, now);
    if (s.object.kind === "Event" && isNewStyleEvent(s.object)) s.object = toCoreEvent(s.object);
    fillMetadata(s.object, now);
  }
  const index = new Map<string, KubeObject>();
  for (const s of [...known, ...own]) index.set(identity(s.object), s.object);
  for (const s of own) {
    fillOwnerUids(s, index);
    if (s.object.kind === "Event") fillInvolvedObject(s.object, index);
    applyDefaults(s.object);
  }
}

function identity(o: KubeObject): string {
  return `${o.kind}/${o.metadata.namespace ?? ""}/${o.metadata.name}`;
}

function fillMetadata(o: KubeObject, now: number): void {
  const m = o.metadata;
  m.uid ??= deterministicUid(identity(o));
  m.creationTimestamp ??= formatTime(now);
  if (isObject(o.spec) && o.kind !== "Pod" && o.kind !== "Event") m.generation ??= 1;
}

function fillOwnerUids(s: SourcedObject, index: Map<string, KubeObject>): void {
  const m = s.object.metadata;
  for (const ref of asObjects(m.ownerReferences)) {
    const owner =
      index.get(`${asString(ref.kind)}/${m.namespace ?? ""}/${asString(ref.name)}`) ??
      index.get(`${asString(ref.kind)}//${asString(ref.name)}`);
    if (owner === undefined) {
      ref.uid ??= deterministicUid(
        `${asString(ref.kind)}/${m.namespace ?? ""}/${asString(ref.name)}`,
      );
      continue;
    }
    if (ref.uid === undefined) ref.uid = owner.metadata.uid;
    else if (ref.uid !== owner.metadata.uid) {
      throw new DemoClusterError(
        "scenario_invalid",
        `ownerReference to ${objectRef(owner)} has uid ${asString(ref.uid)}, but that object's uid is ${owner.metadata.uid ?? ""}`,
        { file: s.file, line: s.line, object: objectRef(s.object) },
      );
    }
  }
}

/**
 * Events point at their object by kind/name/namespace/uid. Node events carry
 * the node's name as uid (the kubelet does so, and `kubectl describe node`
 * searches for it), so that is what a missing Node uid becomes.
 */
function fillInvolvedObject(event: KubeObject, index: Map<string, KubeObject>): void {
  const ref = asObject(event.involvedObject);
  event.involvedObject = ref;
  const kind = asString(ref.kind);
  const name = asString(ref.name);
  const target =
    index.get(`${kind}/${asString(ref.namespace)}/${name}`) ??
    index.get(`${kind}/${event.metadata.namespace ?? ""}/${name}`) ??
    index.get(`${kind}//${name}`);
  if (ref.namespace === undefined && target?.metadata.namespace !== undefined) {
    ref.namespace = target.metadata.namespace;
  }
  if (ref.uid === undefined) {
    if (kind === "Node") ref.uid = name;
    else if (target !== undefined) ref.uid = target.metadata.uid;
  }
  if (ref.apiVersion === undefined && target !== undefined) ref.apiVersion = target.apiVersion;
}
