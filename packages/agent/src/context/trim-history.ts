import { ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { isToolArtifact } from "../tools/tool-result";
import { CHARS_PER_TOKEN, estimateTokens } from "./estimate-tokens";
import { isAI, isHuman, isTool, textOf } from "./message-kinds";

export interface TrimOptions {
  /** Estimated tokens the history may take. */
  historyTokens: number;
  /** Characters an old tool output is shrunk to. */
  summaryChars: number;
  /** What a synthetic answer to a dangling tool call says. */
  danglingReason: string;
}

export interface TrimResult {
  messages: BaseMessage[];
  /** True when anything changed (the caller rewrites the history only then). */
  changed: boolean;
  /** Whole turns dropped to fit the budget. */
  droppedTurns: number;
}

/**
 * Prepares the history before a new question:
 * 1. every AI tool call gets an answer (a turn cancelled, timed out or left at
 *    an approval leaves calls without ToolMessages, which OpenAI rejects);
 * 2. tool outputs of earlier turns shrink to their one-line summaries
 *    (tool calls stay, so the model still knows what it ran);
 * 3. the oldest whole turns are dropped until the rest fits the budget.
 */
export function trimHistory(input: readonly BaseMessage[], opts: TrimOptions): TrimResult {
  let changed = false;
  const repaired: BaseMessage[] = [];
  for (let i = 0; i < input.length; i++) {
    const m = input[i] as BaseMessage;
    repaired.push(m);
    if (!isAI(m) || !m.tool_calls?.length) continue;
    const answered = new Set<string>();
    let j = i + 1;
    for (; j < input.length && isTool(input[j]); j++)
      answered.add((input[j] as ToolMessage).tool_call_id);
    for (; i + 1 < j; i++) repaired.push(input[i + 1] as BaseMessage);
    for (const call of m.tool_calls) {
      if (call.id === undefined || answered.has(call.id)) continue;
      changed = true;
      repaired.push(
        new ToolMessage({
          content: opts.danglingReason,
          tool_call_id: call.id,
          name: call.name,
          status: "error",
        }),
      );
    }
  }

  const shrunk = repaired.map((m) => {
    if (!isTool(m)) return m;
    const text = textOf(m);
    if (text.length <= opts.summaryChars) return m;
    changed = true;
    const summary = isToolArtifact(m.artifact) ? m.artifact.summary : text;
    return replaceContent(m, `[older output shrunk] ${summary}`.slice(0, opts.summaryChars));
  });

  let kept = shrunk;
  let droppedTurns = 0;
  while (estimateTokens(kept) > opts.historyTokens) {
    const next = kept.findIndex((m, i) => i > 0 && isHuman(m));
    if (next <= 0) {
      // One turn alone is over budget: keep it; the agent node fits each request.
      break;
    }
    kept = kept.slice(next);
    droppedTurns++;
    changed = true;
  }
  // A history must not start with tool answers whose call was dropped.
  while (kept.length > 0 && !isHuman(kept[0])) {
    kept = kept.slice(1);
    changed = true;
  }
  return { messages: kept, changed, droppedTurns };
}

/**
 * Fits one model request into the budget without touching the state:
 * 1. the current turn's older tool outputs shrink to their summaries, oldest first;
 * 2. if the request is still over, the latest batch of tool answers (which the
 *    model has not read yet) is cut to an even share of what is left, head kept,
 *    with a marker saying how to narrow the command. Without step 2, one model
 *    message asking for several large outputs could overflow the context alone.
 */
export function fitRequest(
  messages: readonly BaseMessage[],
  budgetTokens: number,
  summaryChars: number,
): BaseMessage[] {
  if (estimateTokens(messages) <= budgetTokens) return [...messages];
  const out = [...messages];
  let lastAi = -1;
  for (let i = out.length - 1; i >= 0; i--) {
    if (isAI(out[i])) {
      lastAi = i;
      break;
    }
  }
  for (let i = 0; i < out.length && estimateTokens(out) > budgetTokens; i++) {
    const m = out[i];
    if (!isTool(m) || i > lastAi) continue;
    const text = textOf(m);
    if (text.length <= summaryChars) continue;
    const summary = isToolArtifact(m.artifact) ? m.artifact.summary : text;
    out[i] = replaceContent(
      m,
      `[output shrunk to fit the context] ${summary}`.slice(0, summaryChars),
    );
  }
  const latest: number[] = [];
  for (let i = lastAi + 1; i < out.length; i++) if (isTool(out[i])) latest.push(i);
  const over = estimateTokens(out) - budgetTokens;
  if (over <= 0 || latest.length === 0) return out;
  const latestTokens = estimateTokens(latest.map((i) => out[i] as BaseMessage));
  const shareChars = Math.max(
    summaryChars,
    Math.floor(((latestTokens - over) / latest.length) * CHARS_PER_TOKEN) - CUT_MARKER_CHARS,
  );
  for (const i of latest) {
    const m = out[i] as ToolMessage;
    const text = textOf(m);
    if (text.length <= shareChars) continue;
    out[i] = replaceContent(
      m,
      `${text.slice(0, shareChars)}\n[cut to fit the context: ${shareChars} of ${text.length} characters shown; ` +
        "narrow the command (a name, -l, --tail, a jsonpath) to see the rest]",
    );
  }
  return out;
}

/** Room the marker of a cut output takes. */
const CUT_MARKER_CHARS = 140;

/**
 * The same answer with less text. The artifact and id stay: the offline
 * diagnostician reads its analyses and tables from the artifact, not the text.
 */
function replaceContent(m: ToolMessage, content: string): ToolMessage {
  return new ToolMessage({
    content,
    tool_call_id: m.tool_call_id,
    ...(m.name === undefined ? {} : { name: m.name }),
    ...(m.id === undefined ? {} : { id: m.id }),
    status: m.status ?? "success",
    ...(m.artifact === undefined ? {} : { artifact: m.artifact as unknown }),
  });
}
