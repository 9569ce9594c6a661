import { describe, expect, it } from "vitest";
import { evidenceCommandLine, kubectlLine } from "./command-line";

describe("evidenceCommandLine", () => {
  it("labels analyzer evidence as the k8sgpt-style call it was, not kubectl", () => {
    expect(evidenceCommandLine({ source: "analyzer", command: "analyze" })).toBe("k8sgpt analyze");
    expect(
      evidenceCommandLine({ source: "analyzer", command: "analyze --namespace shop --correlate" }),
    ).toBe("k8sgpt analyze --namespace shop --correlate");
  });

  it("puts kubectl before kubectl, events and logs evidence", () => {
    expect(evidenceCommandLine({ source: "kubectl", command: "get pods -n shop" })).toBe(
      "kubectl get pods -n shop",
    );
    expect(evidenceCommandLine({ source: "events", command: "get events -n web" })).toBe(
      "kubectl get events -n web",
    );
    expect(evidenceCommandLine({ source: "logs", command: "logs p -n shop --previous" })).toBe(
      "kubectl logs p -n shop --previous",
    );
  });

  it("does not double a binary the model already wrote, and has nothing for no command", () => {
    expect(evidenceCommandLine({ source: "kubectl", command: "kubectl get pods" })).toBe(
      "kubectl get pods",
    );
    expect(evidenceCommandLine({ source: "analyzer", command: "k8sgpt analyze" })).toBe(
      "k8sgpt analyze",
    );
    expect(evidenceCommandLine({ source: "logs" })).toBeNull();
    expect(evidenceCommandLine({ source: "logs", command: "  " })).toBeNull();
  });

  it("kubectlLine prefixes once", () => {
    expect(kubectlLine("scale deployment/x --replicas=2")).toBe(
      "kubectl scale deployment/x --replicas=2",
    );
    expect(kubectlLine("kubectl get ns")).toBe("kubectl get ns");
    expect(kubectlLine("kubectl-foo")).toBe("kubectl kubectl-foo");
  });
});
