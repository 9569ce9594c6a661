import { describeContainers } from "./containers";
import type { DescribeWriter } from "./describeWriter";
import { list, rec, str } from "./format";
import { tolerations, topologySpread } from "./describePod";
import { describeVolumes } from "./volumes";

type Rec = Record<string, unknown>;

/** The `Pod Template:` section of workloads (DescribePodTemplate). */
export function describePodTemplate(w: DescribeWriter, template: Rec): void {
  w.write(0, "Pod Template:\n");
  const meta = rec(template.metadata);
  const spec = rec(template.spec);
  w.labels("  Labels", meta.labels);
  if (Object.keys(rec(meta.annotations)).length > 0)
    w.annotations("  Annotations", meta.annotations);
  if (str(spec.serviceAccountName))
    w.write(1, `Service Account:\t${str(spec.serviceAccountName)}\n`);
  const init = list(spec.initContainers);
  if (init.length > 0) describeContainers(w, "Init Containers", init, undefined, "  ");
  describeContainers(w, "Containers", list(spec.containers), undefined, "  ");
  describeVolumes(w, list(spec.volumes), "  ");
  topologySpread(w, list(spec.topologySpreadConstraints), "  ");
  if (str(spec.priorityClassName))
    w.write(1, `Priority Class Name:\t${str(spec.priorityClassName)}\n`);
  w.labels("  Node-Selectors", spec.nodeSelector);
  tolerations(w, "  Tolerations", list(spec.tolerations));
}
