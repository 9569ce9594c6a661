import { createInterface, type Interface } from "node:readline";
import type { ApprovalRequest } from "@kubemedic/protocol";

/**
 * Lines typed in a terminal, read one answer at a time. One interface serves
 * the whole run: a new readline per question would lose what the user typed
 * ahead (a buffered second `y`). End of input answers `null`.
 */
export class LinePrompt {
  private readonly rl: Interface;
  private readonly lines: string[] = [];
  private waiting: ((line: string | null) => void) | undefined;
  private ended = false;

  constructor(
    input: NodeJS.ReadableStream,
    private readonly output: NodeJS.WritableStream,
  ) {
    this.rl = createInterface({ input, terminal: false });
    this.rl.on("line", (line) => {
      if (this.waiting === undefined) this.lines.push(line);
      else this.settle(line);
    });
    this.rl.on("close", () => {
      this.ended = true;
      this.settle(null);
    });
  }

  /** Writes `question` and resolves the next line (without its newline), or null at end of input. */
  ask(question: string): Promise<string | null> {
    this.output.write(question);
    const queued = this.lines.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  close(): void {
    this.rl.close();
  }

  private settle(line: string | null): void {
    const resolve = this.waiting;
    this.waiting = undefined;
    resolve?.(line);
  }
}

/** Lines of a diff shown before the question; the rest is counted, not printed. @default 60 */
const MAX_DIFF_LINES = 60;

/** What the terminal shows of one approval request: the approval card, as text. */
export function renderApprovalRequest(
  request: ApprovalRequest,
  index: number,
  of: number,
  maxDiffLines = MAX_DIFF_LINES,
): string {
  const t = request.target;
  const lines = [
    "",
    `Proposed change ${index}/${of} (risk ${request.risk}): kubectl ${request.command}`,
    `  target: ${t.kind} ${t.namespace ? `${t.namespace}/` : ""}${t.name}`,
  ];
  const more = (request.targets?.length ?? 1) - 1 + (request.targetsOmitted ?? 0);
  if (more > 0) lines.push(`  and ${more} more object(s)`);
  if (request.reason) lines.push(`  why: ${request.reason}`);
  if (request.preview.summary) lines.push(`  change: ${request.preview.summary}`);
  for (const note of request.preview.notes ?? []) lines.push(`  note: ${note}`);
  const diff = request.preview.diff?.replace(/\n$/, "");
  if (diff) {
    const all = diff.split("\n");
    lines.push(...all.slice(0, maxDiffLines).map((l) => `    ${l}`));
    if (all.length > maxDiffLines)
      lines.push(`    … ${all.length - maxDiffLines} more line(s) of diff`);
  } else if (request.manifest) {
    lines.push(
      "  manifest:",
      ...request.manifest
        .replace(/\n$/, "")
        .split("\n")
        .map((l) => `    ${l}`),
    );
  } else {
    lines.push("  (no diff could be computed for this change)");
  }
  return `${lines.join("\n")}\n`;
}

/** `y` or `yes` (any case, spaces trimmed) approves; anything else, an empty line and end of input decline. */
export function isYes(answer: string | null): boolean {
  return answer !== null && /^y(es)?$/i.test(answer.trim());
}

/**
 * Shows one request and asks y/N. Declining is the default: Enter, any other
 * answer, or a closed input leave the cluster as it is.
 */
export async function askApproval(
  prompt: LinePrompt,
  output: NodeJS.WritableStream,
  request: ApprovalRequest,
  index: number,
  of: number,
): Promise<boolean> {
  output.write(renderApprovalRequest(request, index, of));
  const answer = await prompt.ask("Apply this change? [y/N] ");
  if (answer === null) output.write("\n");
  return isYes(answer);
}
