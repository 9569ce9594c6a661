import type { Pod, Service } from "../../model/objects";
import { redactEnvValue } from "../../redact/redactEnvValue";
import { addRelated, ref, type Draft } from "../Candidate";
import { cmd } from "../commands";
import { configSources } from "../configSource";
import type { CorrelationContext } from "../CorrelationContext";
import type { LogSignals } from "../logSignals";
import type { PodProblem } from "../podProblem";
import { resolveHost } from "../resolveHost";
import type { Workload } from "../workloads";
import { blameConfigSource } from "./badValue";
import { describeWorkload, workloadDraft } from "./baseDraft";
import { literalEnvContaining, literalEnvValues } from "./literalEnv";
import { serviceRow } from "./serviceRow";
import type { LogEvidence } from "./forbiddenCause";
import { addTemplateFix } from "./templateFix";

/** Port names that are not the service a client connects to (a sidecar's metrics, a health port). */
const SIDE_PORT = /metric|monitor|prom|exporter|admin|health|status|debug/i;

/**
 * A connection refused on a port the Service does not serve (issue #13, item 3):
 * the program dials `host:port`, the host is a Service of the cluster, and
 * `port` is none of its ports (nor a target port, which a headless Service's
 * clients dial). The wrong number is configuration: when it is read from a
 * ConfigMap key (as `host:port`, inside a URL, or alone, as `DB_PORT`), that
 * ConfigMap becomes the root-cause object and the fix sets the Service's port
 * there, then restarts; a literal env var gets a `set env`. Undefined when the
 * port is one the Service serves (the refusal is then the backend's, not the
 * address's) or the host is not a Service.
 */
export function wrongPortDraft(
  ctx: CorrelationContext,
  pod: Pod,
  problem: PodProblem,
  w: Workload,
  container: string,
  signals: LogSignals,
  evidence: LogEvidence,
): Draft | undefined {
  const conn = signals.connection;
  if (conn === undefined || conn.timeout || conn.host === undefined || conn.port === undefined)
    return undefined;
  const ns = pod.metadata?.namespace ?? "";
  const target = resolveHost(ctx.snapshot, conn.host, ns);
  if (target?.kind !== "service") return undefined;
  const ports = target.service.spec?.ports ?? [];
  if (ports.length === 0) return undefined;
  const served = new Set<number>();
  for (const p of ports) {
    served.add(p.port);
    if (typeof p.targetPort === "number") served.add(p.targetPort);
  }
  if (served.has(conn.port)) return undefined;
  const right = rightPort(target.service);
  const svc = `${target.namespace}/${target.name}`;
  const list = ports.map((p) => String(p.port)).join(", ");
  const draft = workloadDraft(
    w,
    pod,
    problem,
    "CrashLoop",
    0.88,
    `${describeWorkload(w)} connects to port ${conn.port} of Service ${svc}, which serves ${list}.`,
    `Container ${container} of ${describeWorkload(w)} exits because its connection to ${conn.host}:${conn.port} is refused: ` +
      `Service ${svc} serves port${ports.length > 1 ? "s" : ""} ${list}, not ${conn.port}, so nothing accepts connections there. ` +
      `The port it is configured with is wrong${right === undefined ? "" : `; the Service's port is ${right}`}.`,
  );
  draft.evidence.push(evidence);
  addRelated(draft, ref("Service", target.namespace, target.name, `serves ${list}`));
  draft.evidence.push({
    source: "kubectl",
    command: cmd.get("service", target.name, target.namespace),
    excerpt: serviceRow(target.name, target.service),
  });
  const bad = badValue(ctx, pod, container, conn.host, conn.port, target.name);
  if (bad === undefined) return draft;
  const replacement =
    right === undefined ? undefined : bad.replace(new RegExp(`${conn.port}$`), String(right));
  if (blameConfigSource(ctx, draft, pod, w, container, bad, replacement)) return draft;
  const literal = literalEnvContaining(pod, container, bad);
  if (literal !== undefined && replacement !== undefined) {
    const value = literal.value.split(bad).join(replacement);
    if (redactEnvValue(literal.name, value) === value)
      addTemplateFix(draft, w, {
        title: `Set ${literal.name} to "${value}"`,
        rationale: `Service ${svc} serves ${right}; ${conn.port} refuses every connection.`,
        command: cmd.setEnv(w.kind, w.name, w.namespace, container, `${literal.name}=${value}`),
        risk: "medium",
        requiresApproval: true,
      });
  }
  return draft;
}

/** The Service's port a client should dial: its only port, or its only one that is not a side port. */
function rightPort(svc: Service): number | undefined {
  const ports = svc.spec?.ports ?? [];
  if (ports.length === 1) return ports[0]?.port;
  const main = ports.filter((p) => !SIDE_PORT.test(p.name ?? ""));
  return main.length === 1 ? main[0]?.port : undefined;
}

/**
 * The text in the container's configuration that holds the wrong port: the
 * dialled `host:port`; else `<service>[.…]:port` (the log may show the IP the
 * name resolved to); else the port alone, when exactly one key or literal
 * env var holds it as a whole value (`DB_PORT=5433`). Compared inside the
 * engine: a Secret's value is matched but never returned.
 */
function badValue(
  ctx: CorrelationContext,
  pod: Pod,
  container: string,
  host: string,
  port: number,
  service: string,
): string | undefined {
  const values = [
    ...configSources(ctx.snapshot, pod, container).map((s) => s.raw),
    ...literalEnvValues(pod, container),
  ];
  const esc = (t: string): string => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const patterns = [
    new RegExp(`(?:^|[^\\w.-])(${esc(host)}:${port})(?!\\d)`),
    new RegExp(`(?:^|[^\\w.-])(${esc(service)}(?:\\.[\\w-]+)*:${port})(?!\\d)`),
  ];
  for (const re of patterns)
    for (const v of values) {
      const m = re.exec(v);
      if (m?.[1] !== undefined) return m[1];
    }
  const alone = values.filter((v) => v.trim() === String(port));
  return alone.length === 1 ? String(port) : undefined;
}
