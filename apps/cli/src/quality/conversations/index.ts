/**
 * The conversation scripts' format and checks, for the browser suite
 * (apps/web/e2e), which plays a script through the UI and checks what the
 * server stored with the same matchers as `kubemedic quality`.
 */
export {
  loadConversationScript,
  ScriptLoadError,
  type LoadedScript,
} from "./loadConversationScript";
export type { ConversationScript, ScriptTurn, Expectations } from "./ConversationScript";
export { checkTurn, assistantText, type ExpectationResult } from "./checkExpectations";
export { recordFromTurnDetail } from "./recordFromTurnDetail";
export type { TurnRecord } from "./TurnRecord";
export { BUILTIN_CONVERSATIONS_DIR } from "@kubemedic/demo-cluster";
