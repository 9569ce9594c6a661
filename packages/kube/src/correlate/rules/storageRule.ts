import { addRelated, ref, type Draft } from "../Candidate";
import { diagnoseClaim } from "../diagnose/storage";
import { podProblem, problemStatus } from "../podProblem";
import { workloadOf } from "../workloads";
import { inScope, type Rule } from "./Rule";

/** Pending PersistentVolumeClaims that cannot be provisioned, with the pods that wait for them. */
export const storageRule: Rule = {
  name: "storage",
  run(ctx) {
    const drafts: Draft[] = [];
    for (const pvc of inScope(ctx, ctx.snapshot.list("persistentvolumeclaims"))) {
      if (pvc.status?.phase !== "Pending") continue;
      const ns = pvc.metadata?.namespace ?? "";
      const name = pvc.metadata?.name ?? "";
      const d = diagnoseClaim(ctx, ns, name);
      if (d === undefined) continue;
      for (const pod of ctx.snapshot.list("pods", ns)) {
        if (!(pod.spec?.volumes ?? []).some((v) => v.persistentVolumeClaim?.claimName === name))
          continue;
        const w = workloadOf(ctx.snapshot, pod);
        const problem = podProblem(pod, ctx.now);
        addRelated(
          d,
          ref(w.kind, ns, w.name),
          ref(
            "Pod",
            ns,
            pod.metadata?.name ?? "",
            problem === undefined ? pod.status?.phase : problemStatus(problem),
          ),
        );
      }
      const owner = workloadOf(ctx.snapshot, pvc);
      if (owner.kind !== (pvc.kind ?? "PersistentVolumeClaim"))
        addRelated(d, ref(owner.kind, ns, owner.name));
      drafts.push(d);
    }
    return drafts;
  },
};
