import type { AnalysisOutput } from "@kubemedic/protocol";
import { redactText } from "../redact/redactText";

/**
 * The analysis with secret redaction applied to every free-text field
 * (`Text`, `details`, `errors`). Our analyzers redact as they build findings
 * (`failureFactory`); this is for output we did not build — the k8sgpt
 * binary's, which quotes event and condition messages as they are.
 * `Sensitive` values are object names, kept for anonymization.
 */
export function redactAnalysis(output: AnalysisOutput): AnalysisOutput {
  return {
    ...output,
    errors: output.errors === null ? null : output.errors.map((e) => redactText(e)),
    results:
      output.results === null
        ? null
        : output.results.map((r) => ({
            ...r,
            details: redactText(r.details),
            error: r.error.map((f) => ({ ...f, Text: redactText(f.Text) })),
          })),
  };
}
