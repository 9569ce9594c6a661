import type { Evidence } from "./report";

/**
 * The protocol carries commands without their binary ("get pods -n shop").
 * These put the right one back for display, copy and export: evidence from
 * the analyzers came from a k8sgpt-style `analyze`, everything else from
 * kubectl (events and logs are read with `kubectl get events` / `kubectl
 * logs`). A model sometimes writes the binary itself despite the schema; it
 * is not doubled.
 */
export function evidenceCommandLine(evidence: Pick<Evidence, "source" | "command">): string | null {
  if (evidence.command === undefined || evidence.command.trim() === "") return null;
  return withBinary(evidence.source === "analyzer" ? "k8sgpt" : "kubectl", evidence.command);
}

/** A recommendation's command as typed at a shell: recommendations are kubectl commands. */
export function kubectlLine(command: string): string {
  return withBinary("kubectl", command);
}

function withBinary(binary: string, command: string): string {
  const trimmed = command.trim();
  return trimmed === binary || trimmed.startsWith(`${binary} `) ? trimmed : `${binary} ${trimmed}`;
}
