import { describe, expect, it } from "vitest";
import {
  podSpecJsonPath,
  podSpecMergePatch,
  podSpecPointer,
  supportsRolloutRestart,
  templateEditable,
} from "./workloads";

describe("where each kind keeps its pod spec", () => {
  it("a CronJob in its job template, a Pod at its own spec, the others at spec.template.spec", () => {
    expect(podSpecPointer("CronJob")).toBe("/spec/jobTemplate/spec/template/spec");
    expect(podSpecPointer("Deployment")).toBe("/spec/template/spec");
    expect(podSpecPointer("Pod")).toBe("/spec");
    expect(podSpecJsonPath("CronJob")).toBe(".spec.jobTemplate.spec.template.spec");
    expect(podSpecJsonPath("StatefulSet")).toBe(".spec.template.spec");
    expect(podSpecMergePatch("CronJob", { hostNetwork: false })).toEqual({
      spec: { jobTemplate: { spec: { template: { spec: { hostNetwork: false } } } } },
    });
    expect(podSpecMergePatch("DaemonSet", { hostNetwork: false })).toEqual({
      spec: { template: { spec: { hostNetwork: false } } },
    });
  });

  it("which kinds accept a template change and a rollout restart", () => {
    expect(
      ["Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "CronJob", "Job", "Pod"].filter(
        templateEditable,
      ),
    ).toEqual(["Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "CronJob"]);
    expect(
      ["Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "CronJob", "Job", "Pod"].filter(
        supportsRolloutRestart,
      ),
    ).toEqual(["Deployment", "StatefulSet", "DaemonSet"]);
  });
});
