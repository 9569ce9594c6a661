import type { ToolClassification, ToolName, ToolStatus } from "@kubemedic/protocol";
import type { VerificationNote } from "../verify/verify-plan";

/**
 * What a tool call leaves behind beside the text the model reads: stored as
 * the ToolMessage's `artifact` (checkpointed, never sent to the model). The
 * event stream, the offline diagnostician and history trimming read it
 * instead of parsing prose.
 */
export interface ToolArtifact {
  tool: ToolName;
  /** The command as run (kubectl: the line without `kubectl`; k8sgpt: `analyze …`). */
  command: string;
  classification: ToolClassification;
  status: ToolStatus;
  durationMs: number;
  truncated: boolean;
  /** One line: what an old turn's output is shrunk to. */
  summary: string;
  /** Tool-specific structure the offline diagnostician reads (kubectl: small tables only). */
  structured?: unknown;
  attempts: number;
  /** kubectl: the namespace the command ran in, when it had one. */
  namespace?: string;
  /** An approved change's verification (set by the verify node). */
  verification?: VerificationNote;
  /** A rejected change: the reason the user gave, so the next words can acknowledge it. */
  rejectionReason?: string;
}

export interface ToolOutcome {
  /** What the model reads (bounded, redacted). */
  content: string;
  artifact: ToolArtifact;
}

export function isToolArtifact(value: unknown): value is ToolArtifact {
  if (value === null || typeof value !== "object") return false;
  const v = value as Partial<ToolArtifact>;
  return (
    typeof v.tool === "string" && typeof v.status === "string" && typeof v.command === "string"
  );
}

/** Cuts text to `maxChars`, keeping whole lines, with an explicit marker. */
export function boundOutput(text: string, maxChars: number): { text: string; truncated: boolean } {
  if (text.length <= maxChars) return { text, truncated: false };
  const cut = text.lastIndexOf("\n", maxChars);
  const kept = text.slice(0, cut > maxChars / 2 ? cut : maxChars);
  const restLines = text
    .slice(kept.length)
    .split("\n")
    .filter((l) => l.length > 0).length;
  return { text: `${kept}\n… truncated: ${restLines} more lines`, truncated: true };
}

/** First meaningful line of an output, for summaries. */
export function firstLine(text: string, max = 160): string {
  const line = text.split("\n").find((l) => l.trim().length > 0) ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
