import type { BaseMessage } from "@langchain/core/messages";
import { Annotation, MessagesAnnotation } from "@langchain/langgraph";
import type {
  ApprovalRequest,
  DiagnosisReport,
  ObjectRef,
  ResolvedApproval,
  TurnScope,
  VerificationResult,
} from "@kubemedic/protocol";
import { emptyContext, type ConversationContext } from "../conversation/context";
import type { ResolvedFollowUp } from "../conversation/resolve-follow-up";
import type { VerifyPlan } from "../verify/verify-plan";
import type { Intent } from "../intent";
import type { Language } from "../language/language";
import { PlanChannels } from "./plan/plan-state";
import type { PlannedCalls } from "./planned-call";
import type { RejectedCommand } from "./rejections";
import { addUsage, NO_USAGE, type TurnUsage, type UsageUpdate } from "./usage";

/** The object a user has selected in the UI, sent with the question. */
export type SelectedResource = ObjectRef;

/** What starts a turn: the graph's input for a new question. */
export interface TurnInput {
  turnId: string;
  user: string;
  text: string;
  clusterContext?: string;
  namespace?: string;
  selectedResource?: SelectedResource;
  startedAt: string;
}

/** The current turn, as `prepare` scoped it. */
export interface TurnMeta {
  turnId: string;
  user: string;
  startedAt: string;
  intent: Intent;
  clusterContext?: string;
  namespace?: string;
  selectedResource?: SelectedResource;
  /** Where the turn looks (sent as turn.scoped). */
  scope: TurnScope;
  /** The message as a follow-up of the conversation, when it is one. */
  followUp?: ResolvedFollowUp;
  /** The question as asked, unless it was a follow-up ("and in payments?" repeats it). */
  question?: string;
}

export type { TurnUsage } from "./usage";

export interface ReportOutcome {
  report: DiagnosisReport;
  /** The model's output could not be validated; `report` was built from its raw answer. */
  degraded: boolean;
}

/**
 * The graph state. Only `messages` has a reducer (append / merge by id); the
 * other channels hold the last value written, and `prepare` resets the
 * per-turn ones, so a turn never sees the previous turn's approvals or report.
 */
export const AgentState = Annotation.Root({
  ...MessagesAnnotation.spec,
  /** Set by `runTurn` for a new question and consumed (cleared) by `prepare`. */
  turnInput: Annotation<TurnInput | null>({ reducer: (_l, r) => r, default: () => null }),
  turn: Annotation<TurnMeta | null>({ reducer: (_l, r) => r, default: () => null }),
  /**
   * What the conversation has established (conversation/context.ts): folded forward by
   * `prepare` from the turn before, checkpointed with the rest, so it outlives trimming,
   * reloads and restarts.
   */
  conversation: Annotation<ConversationContext>({
    reducer: (_l, r) => r,
    default: () => emptyContext(),
  }),
  /** Built by `prepare`; sent before the history, never stored as a message. */
  systemPrompt: Annotation<string>({ reducer: (_l, r) => r, default: () => "" }),
  /** Model calls made in this turn. */
  iterations: Annotation<number>({ reducer: (_l, r) => r, default: () => 0 }),
  /** The last AI message's tool calls, read once when the agent node ended (planned-call.ts). */
  plannedCalls: Annotation<PlannedCalls | null>({ reducer: (_l, r) => r, default: () => null }),
  /** Mutating calls waiting for the user (what the approval card shows). */
  pendingApprovals: Annotation<ApprovalRequest[]>({ reducer: (_l, r) => r, default: () => [] }),
  /** The user's decisions on this turn's mutating calls. */
  decisions: Annotation<ResolvedApproval[]>({ reducer: (_l, r) => r, default: () => [] }),
  /** Approved changes that ran and wait for the verify node (set by `tools`, cleared by `verify`). */
  verifyPlan: Annotation<VerifyPlan | null>({ reducer: (_l, r) => r, default: () => null }),
  /** This turn's verification verdicts, oldest first (`limits.maxFixAttempts`, the report). */
  verifications: Annotation<VerificationResult[]>({ reducer: (_l, r) => r, default: () => [] }),
  /**
   * Commands the user rejected in this conversation: a repeat is answered without asking
   * again, in this turn or a later one.
   */
  rejectedCommands: Annotation<RejectedCommand[]>({ reducer: (_l, r) => r, default: () => [] }),
  reportOutcome: Annotation<ReportOutcome | null>({ reducer: (_l, r) => r, default: () => null }),
  /** A limit ended the turn with a partial answer. */
  partial: Annotation<boolean>({ reducer: (_l, r) => r, default: () => false }),
  /** Tokens of every model call of the turn: nodes write what theirs spent (graph/usage.ts). */
  usage: Annotation<TurnUsage, UsageUpdate>({
    reducer: addUsage,
    default: () => NO_USAGE,
  }),
  /** Plans for complex questions (graph/plan): the route, the plan, its steps' results. */
  ...PlanChannels,
});

export type AgentStateValue = typeof AgentState.State;
export type AgentStateUpdate = typeof AgentState.Update;

/** The messages of the current turn: from its HumanMessage on. */
export function currentTurnMessages(
  messages: BaseMessage[],
  turnId: string | undefined,
): BaseMessage[] {
  if (turnId === undefined) return [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m !== undefined && m.getType() === "human" && turnIdOf(m) === turnId)
      return messages.slice(i);
  }
  return [];
}

/** Our metadata on a HumanMessage (never sent to the model: ChatOpenAI drops unknown kwargs). */
export interface HumanMeta {
  turnId: string;
  namespace?: string;
  clusterContext?: string;
  selectedResource?: SelectedResource;
  /** The language to answer this message in (its own, else the conversation's). */
  language?: Language;
  /** The message as a follow-up, resolved against the conversation (the offline diagnostician acts on it). */
  followUp?: ResolvedFollowUp;
  /** What the message means when it only makes sense with the conversation ("and in payments?"). */
  means?: string;
}

export function humanMeta(message: BaseMessage): HumanMeta | undefined {
  const meta = message.additional_kwargs?.kubemedic;
  if (meta === null || typeof meta !== "object") return undefined;
  const turnId = (meta as { turnId?: unknown }).turnId;
  return typeof turnId === "string" ? (meta as HumanMeta) : undefined;
}

function turnIdOf(message: BaseMessage): string | undefined {
  return humanMeta(message)?.turnId;
}
