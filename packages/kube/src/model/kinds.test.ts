import { describe, expect, it } from "vitest";
import { canonicalKind } from "./kinds";

describe("canonicalKind", () => {
  it.each([
    ["po", "Pod"],
    ["Pods", "Pod"],
    ["deploy", "Deployment"],
    ["deploys", "Deployment"],
    ["svc", "Service"],
    ["hpa", "HorizontalPodAutoscaler"],
    ["netpol", "NetworkPolicy"],
    ["cj", "CronJob"],
    ["no", "Node"],
    ["ev", "Event"],
    ["pvcs", "PersistentVolumeClaim"],
    ["StatefulSet", "StatefulSet"],
    ["validatingwebhookconfigurations", "ValidatingWebhookConfiguration"],
  ])("%s → %s", (word, kind) => {
    expect(canonicalKind(word)).toBe(kind);
  });

  it("answers undefined for a word that names no kind", () => {
    expect(canonicalKind("checkout")).toBeUndefined();
    expect(canonicalKind("")).toBeUndefined();
  });
});
