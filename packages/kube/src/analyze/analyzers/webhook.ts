import type { AnalysisResultItem } from "@kubemedic/protocol";
import { formatEqualityMap, matchesEqualityMap } from "../../model/labelSelector";
import { parentObject } from "../parentObject";
import type { ResourceKey } from "../../model/snapshot/resources";
import { listTargets, result, type Analyzer } from "./Analyzer";

type Flavour = "mutating" | "validating";

/**
 * One analyzer per admission webhook kind. Each `webhooks[]` entry that calls
 * a Service is checked: the Service exists, some pod backs it, and those pods
 * are running. Results are named `/{webhookName}` as k8sgpt names them (the
 * configuration has no namespace); unlike k8sgpt, same-named webhooks of two
 * configurations have their failures merged instead of overwriting each other.
 */
function webhookAnalyzer(flavour: Flavour): Analyzer {
  const key: ResourceKey =
    flavour === "mutating" ? "mutatingwebhookconfigurations" : "validatingwebhookconfigurations";
  const kind =
    flavour === "mutating" ? "MutatingWebhookConfiguration" : "ValidatingWebhookConfiguration";
  return {
    name: kind,
    core: true,
    needs: [key, "services", "pods"],
    run(context) {
      const f = context.failure;
      const snapshot = context.snapshot;
      const byName = new Map<string, AnalysisResultItem>();
      for (const config of listTargets({ ...context, namespace: undefined }, key)) {
        const configNs = config.metadata?.namespace ?? "";
        for (const hook of config.webhooks ?? []) {
          const ref = hook.clientConfig?.service;
          if (ref == null) continue;
          const svcNs = ref.namespace ?? "";
          const svcName = ref.name ?? "";
          const failures = [];
          const svc = snapshot.get("services", svcNs, svcName);
          if (svc === undefined) {
            failures.push(
              f(
                `The ${flavour} webhook ${hook.name} calls Service ${svcNs}/${svcName}, which does not exist.`,
                [configNs, svcName],
              ),
            );
          } else {
            const selector = svc.spec?.selector;
            if (selector == null || Object.keys(selector).length === 0) continue;
            const pods = snapshot
              .list("pods", svcNs)
              .filter((p) => matchesEqualityMap(selector, p.metadata?.labels));
            if (pods.length === 0)
              failures.push(
                f(
                  `The ${flavour} webhook ${hook.name} calls Service ${svcNs}/${svcName}, but no pod matches its selector ${formatEqualityMap(selector)}.`,
                  [configNs],
                ),
              );
            for (const pod of pods)
              if (pod.status?.phase !== "Running")
                failures.push(
                  f(
                    `The ${flavour} webhook ${hook.name} is served by pod ${pod.metadata?.name ?? ""}, which is not running (phase ${pod.status?.phase ?? "unknown"}).`,
                    [configNs, hook.name, pod.metadata?.name ?? ""],
                  ),
                );
          }
          if (failures.length === 0) continue;
          const name = `${configNs}/${hook.name}`;
          const existing = byName.get(name);
          if (existing !== undefined) existing.error.push(...failures);
          else byName.set(name, result(kind, name, failures, parentObject(snapshot, config)));
        }
      }
      return [...byName.values()];
    },
  };
}

export const mutatingWebhookAnalyzer = webhookAnalyzer("mutating");
export const validatingWebhookAnalyzer = webhookAnalyzer("validating");
