import type { ClusterState } from "../server/cluster-state";
import { repositoryOf } from "../server/cluster-state";
import type { ContainerFailure, ContainerRule, FixedWhen } from "../scenario/scenario";
import { asObject, asObjects, asString, type JsonObject } from "../util/json";
import { parseQuantity } from "../util/quantity";
import { connectionAllowed } from "./network-policy";

/** What happens to one container of a pod the reconciler starts. */
export type Outcome =
  | { state: "running"; ready: boolean; unready?: string }
  | { state: "completed" }
  | {
      state: "waiting";
      reason: "ImagePullBackOff" | "CreateContainerConfigError" | "ContainerCreating";
      message: string;
      event: string;
    }
  | { state: "failing"; failure: Exclude<ContainerFailure, "NotReady">; log: string };

/**
 * The rules, in the order the kubelet meets the problems: the image must
 * exist, referenced ConfigMaps/Secrets and keys must exist, mounted ones too,
 * then the scenario's `reconcile.rules` decide whether the process runs well.
 * docs/demo-cluster.md lists them.
 */
export function containerOutcome(
  state: ClusterState,
  namespace: string,
  podSpec: JsonObject,
  container: JsonObject,
  owner: { kind: string; name: string } | undefined,
  labels: Readonly<Record<string, string>> = {},
): Outcome {
  const image = asString(container.image);
  if (!state.knownImages.has(image) && state.knownRepositories.has(repositoryOf(image))) {
    const why = `failed to pull and unpack image "${image}": failed to resolve reference "${image}": ${image}: not found`;
    return {
      state: "waiting",
      reason: "ImagePullBackOff",
      message: `Back-off pulling image "${image}": ErrImagePull: ${why}`,
      event: `Failed to pull image "${image}": rpc error: code = NotFound desc = ${why}`,
    };
  }
  const config = configProblem(state, namespace, container);
  if (config !== undefined)
    return {
      state: "waiting",
      reason: "CreateContainerConfigError",
      message: config,
      event: `Error: ${config}`,
    };
  const mount = mountProblem(state, namespace, podSpec);
  if (mount !== undefined)
    return { state: "waiting", reason: "ContainerCreating", message: "", event: mount };
  const rule =
    owner === undefined
      ? undefined
      : state.rules.find(
          (r) =>
            r.match.namespace === namespace &&
            r.match.kind === owner.kind &&
            r.match.name === owner.name &&
            r.match.container === asString(container.name),
        );
  const job =
    asString(podSpec.restartPolicy) !== "Always" && asString(podSpec.restartPolicy) !== "";
  if (rule !== undefined && !fixed(state, namespace, container, rule.fixedWhen, labels))
    return failure(rule, job);
  return job ? { state: "completed" } : { state: "running", ready: true };
}

function failure(rule: ContainerRule, job: boolean): Outcome {
  const log = rule.log ?? "";
  switch (rule.otherwise) {
    case "NotReady":
      return {
        state: "running",
        ready: false,
        unready: "Readiness probe failed: HTTP probe failed with statuscode: 503",
      };
    case "Error":
      return { state: "failing", failure: "Error", log };
    case "OOMKilled":
      return { state: "failing", failure: "OOMKilled", log };
    case "CrashLoopBackOff":
      return { state: "failing", failure: job ? "Error" : "CrashLoopBackOff", log };
  }
}

function fixed(
  state: ClusterState,
  namespace: string,
  c: JsonObject,
  when: FixedWhen,
  labels: Readonly<Record<string, string>>,
): boolean {
  for (const to of when.connects ?? []) {
    const from = { namespace, labels };
    const peer = { namespace: to.namespace ?? namespace, labels: to.labels };
    const protocol = to.protocol ?? "TCP";
    if (!connectionAllowed(state, { from, to: peer, port: to.port, protocol })) return false;
  }
  const image = asString(c.image);
  if (when.imageIn !== undefined && !when.imageIn.includes(image)) return false;
  if (when.imageNotIn !== undefined && when.imageNotIn.includes(image)) return false;
  if (when.env !== undefined) {
    const set = envNames(state, namespace, c);
    if (!when.env.every((name) => set.has(name))) return false;
  }
  for (const [name, accepted] of Object.entries(when.envIn ?? {})) {
    const value = envValue(state, namespace, c, name);
    if (value === undefined || !accepted.includes(value)) return false;
  }
  if (when.memoryLimitAtLeast !== undefined) {
    const limit = asObject(asObject(c.resources).limits).memory;
    if (limit !== undefined && parseQuantity(limit) < parseQuantity(when.memoryLimitAtLeast))
      return false;
  }
  if (when.cpuLimitAtLeast !== undefined) {
    const limit = asObject(asObject(c.resources).limits).cpu;
    if (limit !== undefined && parseQuantity(limit) < parseQuantity(when.cpuLimitAtLeast))
      return false;
  }
  if (when.readinessProbePort !== undefined) {
    const probe = asObject(c.readinessProbe);
    const port =
      asObject(probe.httpGet).port ?? asObject(probe.tcpSocket).port ?? asObject(probe.grpc).port;
    const resolved =
      typeof port === "string"
        ? asObjects(c.ports).find((p) => p.name === port)?.containerPort
        : port;
    if (resolved !== when.readinessProbePort) return false;
  }
  return true;
}

/** The value a variable will have in the container (the last definition wins, as in the kubelet), or undefined. */
function envValue(
  state: ClusterState,
  namespace: string,
  c: JsonObject,
  name: string,
): string | undefined {
  const read = (plural: string, object: string, key: string): string | undefined => {
    const source = state.store.get(plural, namespace, object);
    const raw = asObject(source?.data)[key] ?? asObject(source?.stringData)[key];
    if (typeof raw !== "string") return undefined;
    return plural === "/secrets" && asObject(source?.data)[key] !== undefined
      ? Buffer.from(raw, "base64").toString("utf8")
      : raw;
  };
  let value: string | undefined;
  for (const from of asObjects(c.envFrom)) {
    const key = name.slice(asString(from.prefix).length);
    if (!name.startsWith(asString(from.prefix))) continue;
    const cm = asString(asObject(from.configMapRef).name);
    const secret = asString(asObject(from.secretRef).name);
    const got =
      cm !== ""
        ? read("/configmaps", cm, key)
        : secret !== ""
          ? read("/secrets", secret, key)
          : undefined;
    if (got !== undefined) value = got;
  }
  for (const e of asObjects(c.env)) {
    if (asString(e.name) !== name) continue;
    const from = asObject(e.valueFrom);
    const cm = asObject(from.configMapKeyRef);
    const secret = asObject(from.secretKeyRef);
    if (typeof e.value === "string") value = e.value;
    else if (asString(cm.name) !== "")
      value = read("/configmaps", asString(cm.name), asString(cm.key));
    else if (asString(secret.name) !== "")
      value = read("/secrets", asString(secret.name), asString(secret.key));
  }
  return value;
}

/** Variable names the container will have: `env` entries and every key of existing `envFrom` sources. */
function envNames(state: ClusterState, namespace: string, c: JsonObject): Set<string> {
  const names = new Set(asObjects(c.env).map((e) => asString(e.name)));
  for (const from of asObjects(c.envFrom)) {
    const prefix = asString(from.prefix);
    const cm = asString(asObject(from.configMapRef).name);
    const secret = asString(asObject(from.secretRef).name);
    const source =
      cm !== ""
        ? state.store.get("/configmaps", namespace, cm)
        : secret !== ""
          ? state.store.get("/secrets", namespace, secret)
          : undefined;
    for (const key of Object.keys({ ...asObject(source?.data), ...asObject(source?.stringData) }))
      names.add(`${prefix}${key}`);
  }
  return names;
}

/** The kubelet's CreateContainerConfigError messages for missing ConfigMaps, Secrets and keys. */
function configProblem(state: ClusterState, namespace: string, c: JsonObject): string | undefined {
  for (const e of asObjects(c.env)) {
    const from = asObject(e.valueFrom);
    for (const [field, plural, label] of [
      ["configMapKeyRef", "/configmaps", "configmap"],
      ["secretKeyRef", "/secrets", "secret"],
    ] as const) {
      const ref = asObject(from[field]);
      const name = asString(ref.name);
      if (name === "" || ref.optional === true) continue;
      const source = state.store.get(plural, namespace, name);
      if (source === undefined) return `${label} "${name}" not found`;
      const key = asString(ref.key);
      if (!(key in asObject(source.data)) && !(key in asObject(source.binaryData))) {
        return field === "configMapKeyRef"
          ? `couldn't find key ${key} in ConfigMap ${namespace}/${name}`
          : `couldn't find key ${key} in Secret ${namespace}/${name}`;
      }
    }
  }
  for (const from of asObjects(c.envFrom)) {
    const cm = asObject(from.configMapRef);
    const secret = asObject(from.secretRef);
    if (
      asString(cm.name) !== "" &&
      cm.optional !== true &&
      state.store.get("/configmaps", namespace, asString(cm.name)) === undefined
    )
      return `configmap "${asString(cm.name)}" not found`;
    if (
      asString(secret.name) !== "" &&
      secret.optional !== true &&
      state.store.get("/secrets", namespace, asString(secret.name)) === undefined
    )
      return `secret "${asString(secret.name)}" not found`;
  }
  return undefined;
}

/** Missing ConfigMap/Secret volumes keep the pod in ContainerCreating with a FailedMount event. */
function mountProblem(
  state: ClusterState,
  namespace: string,
  podSpec: JsonObject,
): string | undefined {
  for (const v of asObjects(podSpec.volumes)) {
    const cm = asObject(v.configMap);
    const secret = asObject(v.secret);
    if (
      asString(cm.name) !== "" &&
      cm.optional !== true &&
      state.store.get("/configmaps", namespace, asString(cm.name)) === undefined
    ) {
      return `MountVolume.SetUp failed for volume "${asString(v.name)}" : configmap "${asString(cm.name)}" not found`;
    }
    if (
      asString(secret.secretName) !== "" &&
      secret.optional !== true &&
      state.store.get("/secrets", namespace, asString(secret.secretName)) === undefined
    ) {
      return `MountVolume.SetUp failed for volume "${asString(v.name)}" : secret "${asString(secret.secretName)}" not found`;
    }
  }
  return undefined;
}
