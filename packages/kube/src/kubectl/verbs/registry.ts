import type { MutationPlan } from "../mutate/plan";
import type { VerbContext, VerbOutput } from "../verbContext";
import { runApiResources, runApiVersions } from "./apiResources";
import { planApply } from "./apply";
import { runCanI, runWhoAmI } from "./auth";
import { runClusterInfo } from "./clusterInfo";
import { planCordon } from "./cordon";
import { planDelete } from "./delete";
import { runDescribe } from "./describe";
import { planDrain } from "./drain";
import { runEvents } from "./events";
import { runExplain } from "./explain";
import { runGet } from "./get";
import { planLabelAnnotate } from "./labelAnnotate";
import { runLogs } from "./logs";
import { planPatch } from "./patch";
import { planRolloutPause, planRolloutRestart, planRolloutUndo } from "./rollout";
import { runRolloutHistory } from "./rolloutHistory";
import { runRolloutStatus } from "./rolloutStatus";
import { planScale } from "./scale";
import { planSetEnv, planSetImage, planSetResources } from "./set";
import { runTop } from "./top";
import { runVersion } from "./version";

/** Read verbs by canonical name (see parse/verbs.ts). */
export const READ_VERBS: Readonly<Record<string, (ctx: VerbContext) => Promise<VerbOutput>>> = {
  get: runGet,
  describe: runDescribe,
  logs: runLogs,
  events: runEvents,
  "top pod": runTop,
  "top node": runTop,
  "api-resources": runApiResources,
  "api-versions": runApiVersions,
  explain: runExplain,
  version: runVersion,
  "cluster-info": runClusterInfo,
  "auth can-i": runCanI,
  "auth whoami": runWhoAmI,
  "rollout status": runRolloutStatus,
  "rollout history": runRolloutHistory,
};

/** Mutating verbs: each plans its writes by reading; the engine runs or previews the plan. */
export const MUTATING_VERBS: Readonly<Record<string, (ctx: VerbContext) => Promise<MutationPlan>>> =
  {
    scale: planScale,
    "rollout restart": planRolloutRestart,
    "rollout undo": planRolloutUndo,
    "rollout pause": planRolloutPause,
    "rollout resume": planRolloutPause,
    "set image": planSetImage,
    "set env": planSetEnv,
    "set resources": planSetResources,
    label: planLabelAnnotate,
    annotate: planLabelAnnotate,
    patch: planPatch,
    delete: planDelete,
    apply: planApply,
    create: planApply,
    cordon: planCordon,
    uncordon: planCordon,
    drain: planDrain,
  };
