import { DemoClusterError } from "../errors";
import { asObject, asObjects, asString, isObject } from "../util/json";
import {
  CONTAINER_FAILURES,
  type ContainerFailure,
  type ContainerRule,
  type FixedWhen,
  type ReconcileRules,
} from "./scenario";

/**
 * The optional `reconcile:` block of scenario.yaml:
 *
 *   reconcile:
 *     images: [ghcr.io/acme/api:v1.2.4]           # the registry knows these
 *     rules:
 *       - match: { kind: Deployment, name: checkout, container: checkout }
 *         fixedWhen: { env: [DATABASE_URL] }
 *         otherwise: CrashLoopBackOff
 *         log: "Error: DATABASE_URL is not set"
 */
export function parseReconcile(value: unknown, namespace: string, file: string): ReconcileRules {
  if (value === undefined || value === null) return { images: [], rules: [] };
  const fail = (message: string): never => {
    throw new DemoClusterError("scenario_invalid", `reconcile: ${message}`, { file });
  };
  if (!isObject(value)) return fail("must be a map");
  const images = Array.isArray(value.images) ? value.images.map(String) : [];
  const rules = asObjects(value.rules).map((r, i): ContainerRule => {
    const match = asObject(r.match);
    const kind = asString(match.kind);
    const name = asString(match.name);
    const container = asString(match.container);
    if (kind === "" || name === "" || container === "")
      fail(`rules[${i}].match needs kind, name and container`);
    const otherwise = asString(r.otherwise);
    if (!(CONTAINER_FAILURES as readonly string[]).includes(otherwise)) {
      fail(`rules[${i}].otherwise must be one of ${CONTAINER_FAILURES.join(", ")}`);
    }
    const rule: ContainerRule = {
      match: { kind, name, container, namespace: asString(match.namespace, namespace) },
      fixedWhen: parseFixedWhen(asObject(r.fixedWhen)),
      otherwise: otherwise as ContainerFailure,
    };
    if (typeof r.log === "string") rule.log = r.log;
    return rule;
  });
  return { images, rules };
}

function parseFixedWhen(o: Record<string, unknown>): FixedWhen {
  const list = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.map(String) : undefined);
  const out: FixedWhen = {};
  const env = list(o.env);
  if (env !== undefined) out.env = env;
  if (typeof o.memoryLimitAtLeast === "string") out.memoryLimitAtLeast = o.memoryLimitAtLeast;
  if (typeof o.cpuLimitAtLeast === "string") out.cpuLimitAtLeast = o.cpuLimitAtLeast;
  if (typeof o.readinessProbePort === "number") out.readinessProbePort = o.readinessProbePort;
  const imageIn = list(o.imageIn);
  if (imageIn !== undefined) out.imageIn = imageIn;
  const imageNotIn = list(o.imageNotIn);
  if (imageNotIn !== undefined) out.imageNotIn = imageNotIn;
  const envIn = asObject(o.envIn);
  if (Object.keys(envIn).length > 0)
    out.envIn = Object.fromEntries(
      Object.entries(envIn).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : [String(v)]]),
    );
  const connects = Array.isArray(o.connects) ? o.connects : undefined;
  if (connects !== undefined)
    out.connects = connects.map((c) => {
      const x = asObject(c);
      return {
        ...(typeof x.namespace === "string" ? { namespace: x.namespace } : {}),
        labels: Object.fromEntries(
          Object.entries(asObject(x.labels)).map(([k, v]) => [k, String(v)]),
        ),
        port: Number(x.port),
        ...(typeof x.protocol === "string" ? { protocol: x.protocol } : {}),
      };
    });
  return out;
}
