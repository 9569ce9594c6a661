import type { Language } from "../language/language";
import type { ApprovalPolicy } from "../config/graph-config";
import type { SelectedResource } from "../graph/state";
import type { ClusterSummary } from "./cluster-summary";

const POLICY_TEXT: Record<ApprovalPolicy, string> = {
  "approve-mutations":
    "Commands that change the cluster run only after the user approves them: call kubectl with the exact command and a short reason; the user sees a preview and decides. If the user rejects a command, do not retry it: explain what they can do instead.",
  "read-only":
    "This session is read-only: commands that change the cluster are refused. Recommend fixes as commands the user can run, but do not call them.",
  "suggest-only":
    "Commands that change the cluster are never run here: a call returns it to the user as a suggestion. Recommend fixes as exact commands.",
};

/**
 * The system prompt: who the agent is, how it works, and a compact picture of
 * the cluster (context, server version, namespace, one-line health, the
 * selected object).
 */
export function systemPrompt(p: {
  summary: ClusterSummary | undefined;
  namespace: string | undefined;
  selected: SelectedResource | undefined;
  policy: ApprovalPolicy;
  maxIterations: number;
  /** The user's language: prose answers are written in it. @default "en" */
  language?: Language;
  /** The turn's start (ISO): "since an hour ago" needs it. */
  now?: string;
  /** The conversation context (conversation/context.ts renderContext), bounded lines. */
  context?: string[];
  /** What the user's message means with the conversation behind it, when it differs. */
  means?: string;
  /** The follow-up the message is, resolved against the conversation. */
  followUp?: string;
}): string {
  const lines = [
    "You are kubemedic, a Kubernetes troubleshooting assistant. You investigate the user's cluster with tools and explain what is wrong, with evidence.",
    "",
    "How to work:",
    "- Start from the user's question: scope it (namespace, object), then use the k8sgpt tool for findings and kubectl (describe, get events, logs --previous) for evidence. Independent calls can be made in parallel.",
    "- Quote tool output exactly; never invent objects, values or events. If you cannot tell, say so.",
    `- Finish within ${p.maxIterations} tool rounds. Answer plainly when no tools are needed.`,
    "- When you have diagnosed a problem, answer with the root cause (the object and the decisive fact), the evidence, and the fix as exact kubectl commands ranked from safest to riskiest.",
    `- ${POLICY_TEXT[p.policy]}`,
    "- Secret values are redacted from every output; never ask for them.",
    ...(p.language === "zh"
      ? [
          "- The user writes Simplified Chinese: answer in Simplified Chinese (prose, the report's summary, root cause and fix titles and rationales). Keep kubectl commands, object names, field values, categories and quoted tool output exactly as they are.",
        ]
      : []),
    '- A short follow-up ("fix it", "check again", "and in payments?") refers to the conversation below; if it is unclear what it refers to, ask one short question instead of guessing.',
    ...(p.now === undefined ? [] : [`- Now: ${p.now}.`]),
    "",
    "Cluster:",
  ];
  const s = p.summary;
  if (s !== undefined) {
    lines.push(
      `- context: ${s.context}${s.serverVersion ? ` (Kubernetes ${s.serverVersion})` : ""}`,
    );
  }
  lines.push(
    `- namespace: ${p.namespace ?? "not set (commands use the context's default; use -A for all namespaces)"}`,
  );
  if (s !== undefined) lines.push(`- health: ${s.health}`);
  if (p.selected !== undefined) {
    lines.push(
      `- the user has selected: ${p.selected.kind} ${p.selected.namespace ? `${p.selected.namespace}/` : ""}${p.selected.name}`,
    );
  }
  if (p.context !== undefined && p.context.length > 0)
    lines.push("", "Conversation so far:", ...p.context.slice(0, 16));
  if (p.means !== undefined) lines.push("", `The user's message means: ${p.means.slice(0, 500)}`);
  if (p.followUp !== undefined) lines.push("", `The user's message is a follow-up: ${p.followUp}`);
  return lines.join("\n");
}
