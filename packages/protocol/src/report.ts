import { z } from "zod";
import { ReportVerification } from "./verification";

/** The closed taxonomy of root causes (../shared/design/brief.md). */
export const ROOT_CAUSE_CATEGORIES = [
  "CrashLoop",
  "OOMKilled",
  "ImagePull",
  "MissingConfig",
  "Unschedulable",
  "ProbeFailure",
  "ServiceSelectorMismatch",
  "NoEndpoints",
  "StorageProvisioning",
  "IngressMisconfig",
  "QuotaExceeded",
  "RBACForbidden",
  "NodeNotReady",
  "JobFailed",
  "NetworkPolicyBlocked",
  "DNSFailure",
  "HPAMisconfig",
  "RolloutStuck",
  "Healthy",
  "Other",
] as const;

export const RootCauseCategory = z
  .enum(ROOT_CAUSE_CATEGORIES)
  .describe("The root-cause category, from a closed list. Use Healthy when nothing is wrong.");
export type RootCauseCategory = z.infer<typeof RootCauseCategory>;

export const SEVERITIES = ["critical", "high", "medium", "low", "info"] as const;
export const Severity = z
  .enum(SEVERITIES)
  .describe("How bad it is for users: critical = outage, info = nothing to fix.");
export type Severity = z.infer<typeof Severity>;

export const RISKS = ["read-only", "low", "medium", "high"] as const;
export const Risk = z
  .enum(RISKS)
  .describe("What running the command could break: read-only changes nothing.");
export type Risk = z.infer<typeof Risk>;

export const AffectedResource = z.object({
  kind: z.string().min(1).max(63).describe("Kubernetes kind, e.g. Deployment, Pod, Service."),
  namespace: z
    .string()
    .max(253)
    .optional()
    .describe("Namespace of the object; omit for cluster-scoped kinds such as Node."),
  name: z.string().min(1).max(253).describe("The object's metadata.name."),
  status: z
    .string()
    .max(200)
    .optional()
    .describe("Its state in a few words, e.g. CrashLoopBackOff, Pending, 0/3 ready."),
});
export type AffectedResource = z.infer<typeof AffectedResource>;

export const EVIDENCE_SOURCES = ["kubectl", "events", "logs", "analyzer"] as const;
export const Evidence = z.object({
  source: z.enum(EVIDENCE_SOURCES).describe("Where the excerpt came from."),
  command: z
    .string()
    .max(2_000)
    .optional()
    .describe("The kubectl command (without 'kubectl') or analyzer call that produced it."),
  excerpt: z
    .string()
    .min(1)
    .max(4_000)
    .describe("The decisive lines, quoted exactly from the tool output."),
});
export type Evidence = z.infer<typeof Evidence>;

export const Recommendation = z.object({
  title: z.string().min(1).max(200).describe("What to do, as an imperative sentence."),
  rationale: z.string().max(2_000).describe("Why this fixes the root cause."),
  command: z
    .string()
    .max(4_000)
    .optional()
    .describe("The exact kubectl command line (without 'kubectl'), when one applies."),
  risk: Risk,
  requiresApproval: z
    .boolean()
    .describe("True when the command changes the cluster and needs the user's approval."),
  role: z
    .enum(["fix", "follow-up", "mitigation"])
    .optional()
    .describe(
      "fix (default): removes the cause; follow-up: only helps after the fix (a restart once a value exists); mitigation: limits the damage.",
    ),
  manifest: z
    .string()
    .max(64_000)
    .optional()
    .describe("The manifest for a command that reads one ('apply -f -', 'create -f -')."),
});
export type Recommendation = z.infer<typeof Recommendation>;

/** The fields of one diagnosed cause: a whole report, or one of a combined report's `causes`. */
const causeFields = {
  summary: z.string().min(1).max(1_000).describe("One or two sentences for a busy engineer."),
  category: RootCauseCategory,
  severity: Severity,
  rootCause: z
    .string()
    .min(1)
    .max(4_000)
    .describe("The underlying cause, naming the object and the decisive fact."),
  confidence: z.number().min(0).max(1).describe("0..1: how sure the evidence makes you."),
  affectedResources: z
    .array(AffectedResource)
    .max(100)
    .describe(
      "The root-cause object first, then the objects showing the symptom (e.g. the Deployment and its Pods).",
    ),
  evidence: z.array(Evidence).max(50).describe("Excerpts that support the root cause."),
  recommendations: z
    .array(Recommendation)
    .max(20)
    .describe("Fixes ranked from safest to riskiest."),
};

export const DiagnosisCause = z
  .object(causeFields)
  .describe("One independent root cause, with its own evidence, objects and fixes.");
export type DiagnosisCause = z.infer<typeof DiagnosisCause>;

export const DiagnosisReport = z
  .object({
    ...causeFields,
    causes: z
      .array(DiagnosisCause)
      .max(12)
      .optional()
      .describe(
        "Only when several independent problems were found: one entry per root cause, ranked; the top-level fields then describe the first.",
      ),
    /**
     * Set by the agent, never by the model: what the verification of an approved change
     * found (absent in reports without one, and in every report stored before it existed).
     */
    verification: ReportVerification.optional(),
  })
  .describe("A structured diagnosis of a Kubernetes problem.");
export type DiagnosisReport = z.infer<typeof DiagnosisReport>;
