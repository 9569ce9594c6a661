import type { AnalysisFailure, AnalysisResultItem } from "@kubemedic/protocol";
import { matchesRequirements } from "../../model/labelSelector";
import type { Service } from "../../model/objects";
import { parentObject } from "../parentObject";
import { isLeaderLock, serviceEndpoints } from "../../model/serviceEndpoints";
import { objectName, result, type Analyzer, type AnalyzerContext } from "./Analyzer";

/** Event kinds that speak about a Service's endpoints. "" for terse hand-written events. */
const EVENT_KINDS = new Set(["Service", "Endpoints", ""]);

/**
 * Services with no endpoints (one finding per selector label, as k8sgpt), with
 * not-ready endpoints, or with warning events. k8sgpt starts from Endpoints
 * objects and skips a Service that has none; we start from the Services that
 * have a selector and read their Endpoints, else their EndpointSlices, else
 * their pods (see `serviceEndpoints`). Warning events are matched in the
 * Service's own namespace and on Service/Endpoints objects only (k8sgpt
 * matches any kind with that name in the analyzer namespace).
 */
export const serviceAnalyzer: Analyzer = {
  name: "Service",
  core: true,
  needs: ["services", "endpoints", "endpointslices", "pods", "events"],
  run(context) {
    const out: AnalysisResultItem[] = [];
    for (const svc of context.snapshot.list("services", context.namespace)) {
      const failures = serviceFailures(context, svc);
      if (failures === undefined || failures.length === 0) continue;
      const ep = context.snapshot.get(
        "endpoints",
        svc.metadata?.namespace,
        svc.metadata?.name ?? "",
      );
      out.push(
        result(
          "Service",
          objectName(svc),
          failures,
          ep === undefined ? "" : parentObject(context.snapshot, ep),
        ),
      );
    }
    return out;
  },
};

function serviceFailures(context: AnalyzerContext, svc: Service): AnalysisFailure[] | undefined {
  const f = context.failure;
  const snapshot = context.snapshot;
  const ns = svc.metadata?.namespace ?? "";
  const name = svc.metadata?.name ?? "";
  const selectorMap = svc.spec?.selector ?? {};
  const endpointsObject = snapshot.get("endpoints", ns, name);
  // Without an Endpoints object, a Service without selector has nothing to judge.
  if (endpointsObject === undefined && Object.keys(selectorMap).length === 0) return undefined;
  if (endpointsObject !== undefined && isLeaderLock(endpointsObject)) return undefined;
  const labels = endpointsObject?.metadata?.labels ?? svc.metadata?.labels;
  if (context.selector !== undefined && !matchesRequirements(context.selector, labels))
    return undefined;
  const failures: AnalysisFailure[] = [];
  const ep = serviceEndpoints(snapshot, svc);
  if (ep.ready.length === 0 && ep.notReady.length === 0) {
    for (const [k, v] of Object.entries(selectorMap))
      failures.push(
        f(`Service ${ns}/${name} has no endpoints; it expects pods labelled ${k}=${v}.`, [k, v]),
      );
  } else if (ep.notReady.length > 0) {
    const targets = ep.notReady
      .filter((t) => t.kind !== undefined)
      .map((t) => `${t.kind}/${t.name ?? ""}`);
    failures.push(
      f(
        `Service ${ns}/${name} has ${ep.notReady.length} not-ready endpoint${ep.notReady.length === 1 ? "" : "s"}${targets.length > 0 ? `: ${targets.join(", ")}` : ""}.`,
        [],
      ),
    );
  }
  for (const e of snapshot.eventsFor(ns, name))
    if (e.type !== "Normal" && EVENT_KINDS.has(e.involved.kind))
      failures.push(
        f(`Service ${ns}/${name} has a ${e.type} event (${e.reason}): ${e.message}`, null),
      );
  return failures;
}
