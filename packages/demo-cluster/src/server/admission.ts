import type { ResourceType } from "../api/resource-type";
import { ApiError, invalid } from "../api/status";
import { DemoClusterError } from "../errors";
import { validateObject } from "../scenario/validate-object";
import {
  asNumber,
  asObject,
  asObjects,
  isObject,
  jsonEqual,
  type JsonObject,
  type KubeObject,
} from "../util/json";

/**
 * What the API server checks on every create and update before storing:
 * structure (shared with the scenario loader), a few field rules kubectl users
 * meet in practice (negative replicas, immutable selectors, pod spec and Job
 * template immutability), each answered with the real server's 422 wording.
 */
export function admit(
  t: ResourceType,
  o: JsonObject,
  previous: KubeObject | undefined,
): KubeObject {
  // Immutability first: the real server reports it even when the new selector is also invalid.
  const workload =
    ["Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job"].includes(t.kind) &&
    t.group !== "";
  const selector = asObject(o.spec).selector;
  if (
    previous !== undefined &&
    workload &&
    selector !== undefined &&
    !jsonEqual(asObject(previous.spec).selector, selector)
  ) {
    throw invalid(
      t.group,
      t.kind,
      nameOf(o),
      "spec.selector",
      `Invalid value: ${JSON.stringify(selector)}: field is immutable`,
    );
  }
  let object: KubeObject;
  try {
    object = validateObject(o, { file: "<request>", line: 0, isNamespaced: () => t.namespaced });
  } catch (error) {
    if (error instanceof DemoClusterError) {
      throw new ApiError("Invalid", `${kindName(t)} "${nameOf(o)}" is invalid: ${error.detail}`, {
        name: nameOf(o),
        group: t.group,
        kind: t.kind,
      });
    }
    throw error;
  }
  const spec = asObject(object.spec);
  if (typeof spec.replicas === "number" && spec.replicas < 0) {
    throw invalid(
      t.group,
      t.kind,
      object.metadata.name,
      "spec.replicas",
      `Invalid value: ${spec.replicas}: must be greater than or equal to 0`,
    );
  }
  if (previous === undefined) return object;
  // A Job's pods are made from the template it was created with: the real server refuses any
  // change to it (a fix must delete the Job and create it again).
  if (
    t.kind === "Job" &&
    t.group === "batch" &&
    !jsonEqual(asObject(previous.spec).template, spec.template)
  ) {
    throw invalid(
      t.group,
      t.kind,
      object.metadata.name,
      "spec.template",
      `Invalid value: ${JSON.stringify(spec.template)}: field is immutable`,
    );
  }
  if (t.kind === "Pod" && t.group === "" && !podSpecUpdateAllowed(asObject(previous.spec), spec)) {
    throw new ApiError(
      "Invalid",
      `Pod "${object.metadata.name}" is invalid: spec: Forbidden: pod updates may not change fields other than \`spec.containers[*].image\`,\`spec.initContainers[*].image\`,\`spec.activeDeadlineSeconds\`,\`spec.tolerations\` (only additions to existing tolerations),\`spec.terminationGracePeriodSeconds\` (allow it to be set to 1 if it was previously negative)`,
      {
        name: object.metadata.name,
        kind: "Pod",
        causes: [
          {
            reason: "FieldValueForbidden",
            message: "pod updates may not change fields other than …",
            field: "spec",
          },
        ],
      },
    );
  }
  return object;
}

/** A pod's spec may only change its images, deadline and (added) tolerations. */
function podSpecUpdateAllowed(before: JsonObject, after: JsonObject): boolean {
  const strip = (spec: JsonObject): JsonObject => {
    const copy: JsonObject = {
      ...spec,
      activeDeadlineSeconds: undefined,
      tolerations: undefined,
      terminationGracePeriodSeconds: undefined,
    };
    for (const list of ["containers", "initContainers"]) {
      if (Array.isArray(spec[list]))
        copy[list] = asObjects(spec[list]).map((c) => ({ ...c, image: undefined }));
    }
    return copy;
  };
  const tolerationsKept = asObjects(before.tolerations).every((t) =>
    asObjects(after.tolerations).some((u) => jsonEqual(t, u)),
  );
  return (
    jsonEqual(strip(before), strip(after)) &&
    tolerationsKept &&
    asNumber(after.activeDeadlineSeconds, 0) >= 0
  );
}

function kindName(t: ResourceType): string {
  return t.group === "" ? t.kind : `${t.kind}.${t.group}`;
}

function nameOf(o: JsonObject): string {
  const m = o.metadata;
  return isObject(m) && typeof m.name === "string" ? m.name : "";
}
