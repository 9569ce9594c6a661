import type { Evidence } from "@kubemedic/protocol";

/**
 * The protocol carries commands without their binary ("get pods -n shop"). These
 * put the right one back for display, copy and export: evidence from the
 * analyzers came from a k8sgpt-style `analyze`, everything else from kubectl
 * (events and logs are read with `kubectl get events` / `kubectl logs`).
 * A model sometimes writes the binary itself despite the schema; it is not doubled.
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

/**
 * `<value>`, `<name>`, `<your-image:tag>`: a part the user must fill in before the
 * command can run. Angle brackets hold no meaning in a kubectl argument (a shell
 * would read them as redirections), so any `<word…>` is a placeholder.
 */
const PLACEHOLDER = /<[A-Za-z][^<>\n]{0,80}>/;

/** Where the first placeholder of `text` is, or null when it has none. */
export function findPlaceholder(text: string): { start: number; end: number } | null {
  const match = PLACEHOLDER.exec(text);
  return match === null ? null : { start: match.index, end: match.index + match[0].length };
}
