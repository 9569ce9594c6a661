import type { ActionRequest } from "./ActionRequest";
import { actionText, zhQuestion, type ActionMatch, type ActionText } from "./ActionText";
import { matchEnv } from "./envAction";
import { matchImage } from "./imageAction";
import { matchNode } from "./nodeAction";
import { matchDeletePod } from "./podAction";
import { matchResources } from "./resourcesAction";
import { matchRestart } from "./restartAction";
import { matchRollback } from "./rollbackAction";
import { matchScale } from "./scaleAction";
import { matchSuspend } from "./suspendAction";
import { targetIn } from "./targetIn";

/**
 * Most specific first: "set LOG_LEVEL=debug" is an env change before it is
 * anything "set" could start; "恢复 worker-2 的调度" is an uncordon before it
 * is a resume; a restart comes before a pod deletion.
 */
const MATCHERS: ((t: ActionText) => ActionMatch | undefined)[] = [
  matchNode,
  matchScale,
  matchEnv,
  matchResources,
  matchRollback,
  matchImage,
  matchRestart,
  matchDeletePod,
  matchSuspend,
];

/**
 * A plain-language action in English or Chinese, or undefined when the text
 * asks something else. English requests are imperatives ("restart checkout",
 * "can you scale cart to 3?"): a sentence that starts otherwise ("why does it
 * restart?", "I scaled reporting to 3") is a question. Chinese requests are
 * found anywhere in the sentence, unless it asks why or how.
 */
export function parseAction(text: string): ActionRequest | undefined {
  const t = actionText(text);
  if (t.raw === "" || /^kubectl\s/i.test(t.raw)) return undefined;
  if (t.zh && zhQuestion(t.raw)) return undefined;
  let match: ActionMatch | undefined;
  for (const m of MATCHERS) {
    match = m(t);
    if (match !== undefined) break;
  }
  if (match === undefined) return undefined;
  const { exclude, kind, ...rest } = match;
  const target = targetIn(t.raw, new Set(exclude ?? []));
  const targetKind = kind ?? target.kind;
  const request: ActionRequest = {
    ...rest,
    target: { ...target, ...(targetKind === undefined ? {} : { kind: targetKind }) },
    language: t.zh ? "zh" : "en",
  };
  // A pod is restarted by deleting it: its controller starts a new one.
  if (request.verb === "restart" && targetKind === "Pod") request.verb = "delete-pod";
  return request;
}
