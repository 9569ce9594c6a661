import { tool } from "@langchain/core/tools";
import type { AnalysisOutput, RootCauseCandidate, ToolStatus } from "@kubemedic/protocol";
import { z } from "zod";
import { backoffDelay, sleep } from "./backoff";
import { boundOutput, type ToolOutcome } from "./tool-result";
import { settingsFrom } from "./tool-context";
import { callSignal, type ToolSettings } from "./tool-settings";

export const K8sgptArgs = z.object({
  namespace: z
    .string()
    .max(253)
    .optional()
    .describe(
      "The namespace to analyze; omit to use the session's namespace, or '*' for all namespaces.",
    ),
  filters: z
    .array(
      z
        .string()
        .max(64)
        .describe("One analyzer, by its k8sgpt name: 'Pod', 'Service', 'Ingress', 'Node'…"),
    )
    .max(30)
    .optional()
    .describe(
      "Analyzer names to run, e.g. ['Pod', 'Service', 'Deployment']; omit to run them all.",
    ),
  resource: z
    .string()
    .max(320)
    .optional()
    .describe(
      "Analyze one object only, as Kind/name, e.g. 'Deployment/checkout'; omit for the whole scope.",
    ),
  correlate: z
    .boolean()
    .optional()
    .describe(
      "Also rank the likely root causes across the findings, each with its evidence and fixes " +
        "(kubemedic's correlation); use it once you have looked at the findings.",
    ),
});
export type K8sgptArgs = z.infer<typeof K8sgptArgs>;

const K8SGPT_DESCRIPTION =
  "Analyze the cluster like `k8sgpt analyze`: run the analyzers (Pods, Deployments, Services, " +
  "Ingresses, PVCs, Nodes, Jobs, HPAs, NetworkPolicies, events…) over a namespace or one object " +
  "and return the problems found, in k8sgpt's JSON shape. With correlate=true it also ranks " +
  "likely root causes with evidence and fixes. Read-only; Secret values are never included.";

export interface K8sgptStructured {
  analysis: AnalysisOutput;
  candidates?: RootCauseCandidate[];
}

export async function runK8sgpt(args: K8sgptArgs, settings: ToolSettings): Promise<ToolOutcome> {
  const started = performance.now();
  const namespace = scopeNamespace(args.namespace, settings.namespace);
  const command = k8sgptCommand(args, settings.namespace);
  const { signal, timedOut } = callSignal(settings);
  const { maxAttempts, initialDelayMs, maxDelayMs } = settings.retry;
  let attempts = 0;
  let lastError: unknown;
  let structured: K8sgptStructured | undefined;
  while (attempts < maxAttempts && structured === undefined) {
    attempts++;
    try {
      const scope = {
        ...(namespace === undefined ? {} : { namespace }),
        ...(args.resource === undefined ? {} : { resource: args.resource }),
        signal,
      };
      const analysis = await settings.backend.analyze({
        ...scope,
        ...(args.filters === undefined ? {} : { filters: args.filters }),
      });
      const candidates = args.correlate ? await settings.backend.correlate(scope) : undefined;
      structured = candidates === undefined ? { analysis } : { analysis, candidates };
    } catch (error) {
      lastError = error;
      const retryable = (error as { retryable?: unknown }).retryable === true;
      if (!retryable || signal.aborted || attempts >= maxAttempts) break;
      try {
        await sleep(backoffDelay(attempts, initialDelayMs, maxDelayMs), signal);
      } catch {
        break;
      }
    }
  }
  const durationMs = performance.now() - started;
  const base = { tool: "k8sgpt" as const, command, classification: "read" as const, attempts };
  if (structured === undefined) {
    const status: ToolStatus = timedOut() ? "timeout" : signal.aborted ? "cancelled" : "error";
    const e = lastError as { code?: unknown; message?: unknown } | undefined;
    const message =
      status === "timeout"
        ? `the analysis did not finish within ${settings.timeoutMs} ms`
        : typeof e?.message === "string"
          ? e.message
          : String(lastError);
    const code = typeof e?.code === "string" ? e.code : status;
    return {
      content: `Error (${code}): ${message}`,
      artifact: {
        ...base,
        status,
        durationMs,
        truncated: false,
        summary: `k8sgpt ${command} → ${status}: ${message}`,
      },
    };
  }
  const text = renderAnalysis(command, structured);
  const bounded = boundOutput(text, settings.maxOutputChars);
  return {
    content: bounded.text,
    artifact: {
      ...base,
      status: "ok",
      durationMs,
      truncated: bounded.truncated,
      summary: summarize(command, structured),
      structured,
      ...(namespace === undefined ? {} : { namespace }),
    },
  };
}

/** `'*'` or `''` means all namespaces; unset means the session's namespace. */
function scopeNamespace(
  requested: string | undefined,
  fallback: string | undefined,
): string | undefined {
  return requested === "*" || requested === "" ? undefined : (requested ?? fallback);
}

/** The call as a k8sgpt-like command line, for tool logs and summaries. */
export function k8sgptCommand(
  args: Partial<K8sgptArgs>,
  defaultNamespace: string | undefined,
): string {
  const namespace = scopeNamespace(args.namespace, defaultNamespace);
  return [
    "analyze",
    namespace === undefined ? "--all-namespaces" : `--namespace ${namespace}`,
    args.filters?.length ? `--filter ${args.filters.join(",")}` : "",
    args.resource ? `--resource ${args.resource}` : "",
    args.correlate ? "--correlate" : "",
  ]
    .filter((p) => p.length > 0)
    .join(" ");
}

function renderAnalysis(command: string, s: K8sgptStructured): string {
  const a = s.analysis;
  const lines = [
    `k8sgpt ${command}${a.provider ? ` (provider ${a.provider})` : ""}: ${a.status}, ${a.problems} problem${a.problems === 1 ? "" : "s"}`,
  ];
  for (const r of a.results ?? []) {
    const parent = r.parentObject && r.parentObject !== r.name ? ` (parent ${r.parentObject})` : "";
    lines.push(`- ${r.kind} ${r.name}${parent}:`);
    for (const f of r.error) lines.push(`    ${f.Text}`);
  }
  for (const e of a.errors ?? []) lines.push(`analyzer error: ${e}`);
  if (s.candidates !== undefined) {
    lines.push(
      "",
      s.candidates.length === 0
        ? "No root-cause candidates: nothing correlates to a problem."
        : "Likely root causes, ranked:",
    );
    s.candidates.forEach((c, i) => {
      const p = c.primary;
      lines.push(
        `${i + 1}. [${c.category}, ${c.severity}, score ${c.score.toFixed(2)}] ${p.kind} ${p.namespace ? `${p.namespace}/` : ""}${p.name}: ${c.rootCause}`,
      );
      if (c.related.length > 0) {
        lines.push(
          `   related: ${c.related.map((r) => `${r.kind}/${r.name}${r.status ? ` (${r.status})` : ""}`).join(", ")}`,
        );
      }
      for (const e of c.evidence.slice(0, 4)) {
        lines.push(
          `   evidence (${e.source}${e.command ? `: ${e.command}` : ""}): ${e.excerpt.replace(/\s+/g, " ").slice(0, 300)}`,
        );
      }
      for (const f of c.fixes.slice(0, 3)) {
        lines.push(
          `   fix: ${f.title}${f.command ? ` — kubectl ${f.command}` : ""} (risk ${f.risk}${f.requiresApproval ? ", needs approval" : ""})`,
        );
      }
    });
  }
  return lines.join("\n");
}

function summarize(command: string, s: K8sgptStructured): string {
  const a = s.analysis;
  const names = (a.results ?? [])
    .slice(0, 3)
    .map((r) => `${r.kind} ${r.name}`)
    .join(", ");
  const top = s.candidates?.[0];
  const cand =
    top === undefined
      ? ""
      : `; top cause ${top.category} on ${top.primary.kind}/${top.primary.name}`;
  return `k8sgpt ${command} → ${a.problems} problem${a.problems === 1 ? "" : "s"}${names ? ` (${names})` : ""}${cand}`;
}

/** The LangChain tool; see `kubectlTool` for how it finds its settings outside the graph. */
export const k8sgptTool = tool(
  async (args: K8sgptArgs, config): Promise<[string, ToolOutcome["artifact"]]> => {
    const outcome = await runK8sgpt(args, settingsFrom(config));
    return [outcome.content, outcome.artifact];
  },
  {
    name: "k8sgpt",
    description: K8SGPT_DESCRIPTION,
    schema: K8sgptArgs,
    responseFormat: "content_and_artifact",
  },
);
