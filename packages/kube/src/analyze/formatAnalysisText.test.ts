import { describe, expect, it } from "vitest";
import { formatAnalysisText } from "./formatAnalysisText";

describe("formatAnalysisText", () => {
  it("follows k8sgpt's layout: provider line, warnings, numbered results with their parent", () => {
    const text = formatAnalysisText({
      provider: "",
      errors: ["Filter X does not exist."],
      status: "ProblemDetected",
      problems: 2,
      results: [
        {
          kind: "Pod",
          name: "a/p",
          error: [
            { Text: "boom", KubernetesDoc: "", Sensitive: [] },
            { Text: "again", KubernetesDoc: "doc", Sensitive: [] },
          ],
          details: "",
          parentObject: "Deployment/d",
        },
        {
          kind: "Node",
          name: "n1",
          error: [{ Text: "down", KubernetesDoc: "", Sensitive: [] }],
          details: "",
          parentObject: "",
        },
      ],
    });
    expect(text).toBe(
      "AI Provider: AI not used; explanations are off\n\nWarnings:\n- Filter X does not exist.\n\n0: Pod a/p(Deployment/d)\n- Error: boom\n- Error: again\n  Kubernetes Doc: doc\n\n1: Node n1()\n- Error: down\n\n",
    );
  });

  it("says so when nothing was found", () => {
    expect(
      formatAnalysisText({ provider: "", errors: null, status: "OK", problems: 0, results: null }),
    ).toContain("No problems detected");
  });
});
