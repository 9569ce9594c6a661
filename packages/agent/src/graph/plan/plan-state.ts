import { Annotation } from "@langchain/langgraph";
import type { DiagnosisReport, Plan, PlanStep, RootCauseCandidate } from "@kubemedic/protocol";
import type { TurnMeta } from "../state";
import type { RouteDecision } from "./decide-route";

/** What one step's specialist came back with. */
export interface StepResult {
  stepId: string;
  status: "done" | "failed";
  /** One line for the plan card: the cause found, or why the step failed. */
  result: string;
  report?: DiagnosisReport;
  toolCallIds: string[];
}

/** A step as dispatched to the `step` node (a `Send` payload, not a channel). */
export interface StepTask {
  step: PlanStep;
  planVersion: number;
  turn: TurnMeta;
  systemPrompt: string;
}

/**
 * The plan's channels, spread into AgentState. `route` resets them every
 * turn (`stepResults: null` clears the map).
 */
export const PlanChannels = {
  routeDecision: Annotation<Omit<RouteDecision, "groups"> | null>({
    reducer: (_l, r) => r,
    default: () => null,
  }),
  /** The independent root causes `route` found for a complex question, ranked: the planner's input. */
  rootCauses: Annotation<RootCauseCandidate[]>({ reducer: (_l, r) => r, default: () => [] }),
  plan: Annotation<Plan | null>({ reducer: (_l, r) => r, default: () => null }),
  /** Results by step id; parallel steps write here in the same superstep, hence the merge. */
  stepResults: Annotation<Record<string, StepResult>, Record<string, StepResult> | null>({
    reducer: (l, r) => (r === null ? {} : { ...l, ...r }),
    default: () => ({}),
  }),
};
