import { z } from "zod";
import { ObjectRef } from "./object-ref";
import { RootCauseCategory, Severity, Risk } from "./report";

/**
 * k8sgpt's `analyze --output json` shape, kept key for key (capitalised Failure
 * keys included) so that scripts written for k8sgpt read ours.
 */
export const SensitiveValue = z.object({ Unmasked: z.string(), Masked: z.string() });

export const AnalysisFailure = z.object({
  Text: z.string(),
  KubernetesDoc: z.string(),
  Sensitive: z.array(SensitiveValue).nullable(),
});
export type AnalysisFailure = z.infer<typeof AnalysisFailure>;

export const AnalysisResultItem = z.object({
  kind: z.string(),
  name: z.string(),
  error: z.array(AnalysisFailure),
  details: z.string(),
  parentObject: z.string(),
});
export type AnalysisResultItem = z.infer<typeof AnalysisResultItem>;

export const AnalysisOutput = z.object({
  provider: z.string(),
  errors: z.array(z.string()).nullable(),
  status: z.enum(["OK", "ProblemDetected"]),
  problems: z.number().int().nonnegative(),
  results: z.array(AnalysisResultItem).nullable(),
});
export type AnalysisOutput = z.infer<typeof AnalysisOutput>;

/** One ranked root-cause candidate from correlation (what k8sgpt does not do). */
export const RootCauseCandidate = z.object({
  category: RootCauseCategory,
  severity: Severity,
  /** 0..1, used to rank candidates. */
  score: z.number().min(0).max(1),
  primary: ObjectRef,
  /** Objects showing the symptom (Deployment, Pods, Service…). */
  related: z.array(ObjectRef.extend({ status: z.string().optional() })),
  summary: z.string(),
  rootCause: z.string(),
  evidence: z.array(
    z.object({
      source: z.enum(["kubectl", "events", "logs", "analyzer"]),
      command: z.string().optional(),
      excerpt: z.string(),
    }),
  ),
  fixes: z.array(
    z.object({
      title: z.string(),
      rationale: z.string(),
      command: z.string().optional(),
      /** The manifest for a `command` that reads one (`apply -f -`, `create -f -`), as the kubectl tool takes it. */
      manifest: z.string().optional(),
      risk: Risk,
      requiresApproval: z.boolean(),
      /**
       * What running it achieves: `fix` (the default) removes the cause;
       * `follow-up` only helps after the fix before it ran (a restart once the
       * value exists, rerunning a Job once its cause is gone); `mitigation`
       * limits the damage of a cause kubectl cannot remove (cordon a dead node).
       */
      role: z.enum(["fix", "follow-up", "mitigation"]).optional(),
    }),
  ),
});
export type RootCauseCandidate = z.infer<typeof RootCauseCandidate>;

/** `GET /api/scan`: analyzer findings for a namespace plus the correlated candidates. */
export const ScanResponse = z.object({
  context: z.string(),
  namespace: z.string().nullable(),
  analysis: AnalysisOutput,
  candidates: z.array(RootCauseCandidate),
  durationMs: z.number(),
});
export type ScanResponse = z.infer<typeof ScanResponse>;
