import type { RootCauseCategory } from "@kubemedic/protocol";
import type { Container, Pod } from "../../model/objects";
import { ref, type Draft } from "../Candidate";
import { problemStatus, type PodProblem } from "../podProblem";
import { templateOf, type Workload } from "../workloads";

/** A draft whose primary object is the workload and whose first related object is the pod. */
export function workloadDraft(
  w: Workload,
  pod: Pod,
  problem: PodProblem,
  category: RootCauseCategory,
  score: number,
  summary: string,
  rootCause: string,
): Draft {
  const draft: Draft = {
    category,
    severity: "high",
    score,
    primary: { kind: w.kind, namespace: w.namespace, name: w.name },
    related: [],
    summary,
    rootCause,
    evidence: [],
    fixes: [],
  };
  if (w.kind !== "Pod")
    draft.related.push(
      ref("Pod", pod.metadata?.namespace, pod.metadata?.name ?? "", problemStatus(problem)),
    );
  return draft;
}

/** "Deployment shop/checkout" — how prose names a workload. */
export function describeWorkload(w: Workload): string {
  return `${w.kind} ${w.namespace}/${w.name}`;
}

/** The container's spec in the workload's template (falls back to the pod's own spec). */
export function containerSpec(
  w: Workload,
  pod: Pod,
  name: string,
): { container: Container | undefined; index: number; init: boolean } {
  const spec = templateOf(w.object)?.spec ?? pod.spec;
  const mains = spec?.containers ?? [];
  const index = mains.findIndex((c) => c.name === name);
  if (index !== -1) return { container: mains[index], index, init: false };
  const inits = spec?.initContainers ?? [];
  const i = inits.findIndex((c) => c.name === name);
  return { container: inits[i], index: i, init: i !== -1 };
}
