import { canonicalKind, type KubectlResult, type ParsedCommand } from "@kubemedic/kube";
import type { ClusterBackend } from "../../tools/cluster-backend";

/**
 * A specialist's view of the cluster: the same engine and analyzers, with
 * kubectl reads limited to the kinds it works with. A read of another kind is
 * refused with a reason the model can act on (nothing runs); commands that
 * name no kind (`top`, `version`) pass. Mutations never reach here: a
 * specialist's tools node runs under the `read-only` policy.
 */
export function specialistBackend(
  backend: ClusterBackend,
  kinds: readonly string[],
  name: string,
): ClusterBackend {
  const allowed = new Set(kinds);
  return {
    contextName: backend.contextName,
    defaultNamespace: backend.defaultNamespace,
    async run(command, opts) {
      const outside = kindsOf(command).filter((k) => !allowed.has(k));
      if (outside.length === 0) return backend.run(command, opts);
      const message = `The ${name} specialist does not read ${outside.join(", ")}: its kinds are ${[...allowed].join(", ")}. Another step of the plan covers the rest.`;
      return refused(command, message);
    },
    preview: (command, opts) => backend.preview(command, opts),
    analyze: (opts) => backend.analyze(opts),
    correlate: (opts) => backend.correlate(opts),
    listNamespaces: (signal) => backend.listNamespaces(signal),
    serverVersion: (signal) => backend.serverVersion(signal),
  };
}

/** The canonical kinds a read names: `get pods,svc`, `describe deploy/x`, `logs` (a Pod), `events`. */
function kindsOf(command: ParsedCommand): string[] {
  const verb = command.verb.split(" ")[0];
  if (verb === "logs") return ["Pod"];
  if (verb === "events") return ["Event"];
  if (verb !== "get" && verb !== "describe") return [];
  const first = command.args[0];
  if (first === undefined) return [];
  const kinds = first
    .split(",")
    .map(
      (part) =>
        canonicalKind(part.split("/")[0] ?? "") ??
        canonicalKind((part.split("/")[0] ?? "").split(".")[0] ?? ""),
    )
    .filter((k): k is string => k !== undefined);
  return [...new Set(kinds)];
}

function refused(command: ParsedCommand, message: string): KubectlResult {
  return {
    command: command.command,
    classification: "read",
    ok: false,
    output: `error: ${message}`,
    truncated: false,
    error: { code: "refused", message },
    durationMs: 0,
  };
}
