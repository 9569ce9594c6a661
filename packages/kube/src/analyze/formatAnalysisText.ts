import type { AnalysisOutput } from "@kubemedic/protocol";

/**
 * k8sgpt's text layout, without colour: a provider line, warnings, then
 * `{n}: {kind} {name}({parent})` with one `- Error:` bullet per failure.
 */
export function formatAnalysisText(output: AnalysisOutput): string {
  const lines: string[] = [
    output.provider === ""
      ? "AI Provider: AI not used; explanations are off"
      : `AI Provider: ${output.provider}`,
  ];
  if (output.errors !== null && output.errors.length > 0) {
    lines.push("", "Warnings:");
    for (const e of output.errors) lines.push(`- ${e}`);
  }
  lines.push("");
  const results = output.results ?? [];
  if (results.length === 0) lines.push("No problems detected");
  for (const [i, r] of results.entries()) {
    lines.push(`${i}: ${r.kind} ${r.name}(${r.parentObject})`);
    for (const e of r.error) {
      lines.push(`- Error: ${e.Text}`);
      if (e.KubernetesDoc !== "") lines.push(`  Kubernetes Doc: ${e.KubernetesDoc}`);
    }
    lines.push(r.details);
  }
  return `${lines.join("\n")}\n`;
}
