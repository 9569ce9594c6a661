import type { AnalysisFailure, AnalysisResultItem } from "@kubemedic/protocol";
import { parentObject } from "../parentObject";
import { listTargets, objectName, result, type Analyzer } from "./Analyzer";

/** The GKE built-in classes need no IngressClass object. */
const BUILTIN_CLASSES = new Set(["gce", "gce-internal"]);

/** Ingresses without a class, or pointing at a missing class, backend Service or TLS Secret. */
export const ingressAnalyzer: Analyzer = {
  name: "Ingress",
  core: true,
  needs: ["ingresses", "ingressclasses", "services", "secrets"],
  run(context) {
    const f = context.failure;
    const snapshot = context.snapshot;
    const out: AnalysisResultItem[] = [];
    for (const ing of listTargets(context, "ingresses")) {
      const ns = ing.metadata?.namespace ?? "";
      const name = ing.metadata?.name ?? "";
      const failures: AnalysisFailure[] = [];
      const className =
        ing.spec?.ingressClassName ??
        ing.metadata?.annotations?.["kubernetes.io/ingress.class"] ??
        "";
      if (className === "")
        failures.push(
          f(`Ingress ${ns}/${name} names no ingress class, so no controller may serve it.`, [
            ns,
            name,
          ]),
        );
      else if (
        !BUILTIN_CLASSES.has(className) &&
        snapshot.get("ingressclasses", undefined, className) === undefined
      )
        failures.push(
          f(`Ingress uses IngressClass ${className}, which does not exist.`, [className]),
        );
      for (const rule of ing.spec?.rules ?? [])
        for (const path of rule.http?.paths ?? []) {
          const svc = path.backend?.service?.name;
          if (svc === undefined) continue;
          if (snapshot.get("services", ns, svc) === undefined)
            failures.push(
              f(`Ingress routes to Service ${ns}/${svc}, which does not exist.`, [ns, svc]),
            );
        }
      if (!snapshot.failures.has("secrets"))
        for (const tls of ing.spec?.tls ?? []) {
          const secret = tls.secretName ?? "";
          if (secret !== "" && snapshot.get("secrets", ns, secret) === undefined)
            failures.push(
              f(`Ingress terminates TLS with Secret ${ns}/${secret}, which does not exist.`, [
                ns,
                secret,
              ]),
            );
        }
      if (failures.length > 0)
        out.push(result("Ingress", objectName(ing), failures, parentObject(snapshot, ing)));
    }
    return out;
  },
};
