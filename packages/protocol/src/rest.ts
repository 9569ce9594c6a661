import { z } from "zod";
import { ApprovalDecisionKind, ApprovalRequest } from "./approval";
import { TurnPlan } from "./plan";
import { EarlierSummary, TurnClarification, TurnScope } from "./events";
import { DiagnosisReport } from "./report";
import { ToolCall, ToolClassification, ToolStatus } from "./tools";
import { TokenUsage, TurnStatus } from "./turn";
import { VerificationResult } from "./verification";

/** REST bodies. Timestamps are ISO-8601 strings. */

const namespaceName = z
  .string()
  .max(63)
  .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, "not a valid namespace name");

export const ConversationSummary = z.object({
  id: z.string(),
  title: z.string(),
  clusterContext: z.string().nullable(),
  namespace: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastTurnStatus: TurnStatus.nullable(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const ConversationList = z.object({
  items: z.array(ConversationSummary),
  /** Opaque; pass as `?cursor=` for the next (older) page, null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ConversationList = z.infer<typeof ConversationList>;

export const CreateConversationBody = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  clusterContext: z.string().max(253).optional(),
  namespace: namespaceName.optional(),
});
export type CreateConversationBody = z.infer<typeof CreateConversationBody>;

export const PatchConversationBody = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    clusterContext: z.string().max(253).optional(),
    namespace: namespaceName.nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: "nothing to change" });
export type PatchConversationBody = z.infer<typeof PatchConversationBody>;

export const TurnSummary = z.object({
  id: z.string(),
  seq: z.number().int(),
  status: TurnStatus,
  model: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  usage: TokenUsage.nullable(),
});
export type TurnSummary = z.infer<typeof TurnSummary>;

export const MessageDto = z.object({
  id: z.string(),
  turnId: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  toolCalls: z.array(ToolCall),
  seq: z.number().int(),
  createdAt: z.string(),
});
export type MessageDto = z.infer<typeof MessageDto>;

export const ToolLogDto = z.object({
  id: z.string(),
  turnId: z.string(),
  toolCallId: z.string(),
  tool: z.string(),
  command: z.string(),
  classification: ToolClassification,
  status: ToolStatus,
  durationMs: z.number(),
  outputPreview: z.string(),
  truncated: z.boolean(),
  startedAt: z.string(),
});
export type ToolLogDto = z.infer<typeof ToolLogDto>;

export const ApprovalDto = z.object({
  id: z.string(),
  turnId: z.string(),
  toolCallId: z.string(),
  command: z.string(),
  decision: ApprovalDecisionKind.nullable(),
  reason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  request: ApprovalRequest.nullable(),
});
export type ApprovalDto = z.infer<typeof ApprovalDto>;

export const ReportDto = z.object({
  id: z.string(),
  turnId: z.string(),
  createdAt: z.string(),
  degraded: z.boolean(),
  report: DiagnosisReport,
});
export type ReportDto = z.infer<typeof ReportDto>;

export const TurnDetail = TurnSummary.extend({
  messages: z.array(MessageDto),
  toolLogs: z.array(ToolLogDto),
  approvals: z.array(ApprovalDto),
  report: ReportDto.nullable(),
  /** The route and plan of the turn (issue #14); absent or null when it had none. */
  plan: TurnPlan.nullable().optional(),
  /** What the verification of each approved change found, oldest first. */
  verifications: z.array(VerificationResult).optional(),
  /** Where the turn looked (issue #17); absent or null for turns stored before it was recorded. */
  scope: TurnScope.nullable().optional(),
  /** The question the turn asked back instead of answering, with its choices. */
  clarification: TurnClarification.nullable().optional(),
  /** The summary of earlier turns this turn started from, when it made a new one. */
  summary: EarlierSummary.nullable().optional(),
});
export type TurnDetail = z.infer<typeof TurnDetail>;

export const ConversationDetail = z.object({
  conversation: ConversationSummary,
  turns: z.array(TurnDetail),
  /** The sequence number of the last event the server emitted for this conversation. */
  lastSeq: z.number().int().nonnegative(),
});
export type ConversationDetail = z.infer<typeof ConversationDetail>;

export const ClusterContext = z.object({
  name: z.string(),
  cluster: z.string(),
  server: z.string(),
  defaultNamespace: z.string().nullable(),
  current: z.boolean(),
  /** True for the built-in demo cluster. */
  demo: z.boolean(),
});
export type ClusterContext = z.infer<typeof ClusterContext>;

export const ClustersResponse = z.object({
  contexts: z.array(ClusterContext),
  /** Namespaces of the requested (`?context=`) or current context. */
  namespaces: z.array(z.string()),
  /** Set when the namespaces could not be listed (cluster unreachable, forbidden). */
  error: z.string().nullable(),
});
export type ClustersResponse = z.infer<typeof ClustersResponse>;

export const SessionInfo = z.object({
  user: z.string(),
  protocolVersion: z.string(),
  model: z.object({ name: z.string(), offline: z.boolean() }),
  demoCluster: z.boolean(),
  approvalPolicy: z.enum(["read-only", "approve-mutations", "suggest-only"]),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const ApiErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), requestId: z.string().optional() }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** REST requests: path parameters, query strings and the sign-in body, validated by the server. */

/** An id in a REST path (a conversation, a report). */
export const RestId = z.string().min(1).max(100);

/** `GET /api/conversations?limit=&cursor=&q=`: newest activity first, keyset pages, `q` searches titles. */
export const ConversationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().min(1).max(500).optional(),
  q: z.string().max(200).optional(),
});
export type ConversationListQuery = z.infer<typeof ConversationListQuery>;

/** `GET /api/conversations/search?q=&limit=`: the caller's history by the text in it. */
export const ConversationSearchQuery = z.object({
  q: z.string().trim().min(1, "say what to search for").max(200),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export type ConversationSearchQuery = z.infer<typeof ConversationSearchQuery>;

/** One conversation that matched, with where and a short excerpt of the matching text. */
export const ConversationSearchHit = z.object({
  conversation: ConversationSummary,
  /** Where the best match is: the title, a message (the user's or the agent's), or a report. */
  matchedIn: z.enum(["title", "message", "report"]),
  /** Up to ~160 characters of the matching text, around the first matched word. */
  snippet: z.string(),
});
export type ConversationSearchHit = z.infer<typeof ConversationSearchHit>;

export const ConversationSearchResult = z.object({ items: z.array(ConversationSearchHit) });
export type ConversationSearchResult = z.infer<typeof ConversationSearchResult>;

/** `GET /api/conversations/:id/reports/:reportId?format=md|json`. */
export const ReportPath = z.object({ id: RestId, reportId: RestId });
export const ReportQuery = z.object({ format: z.enum(["md", "json"]).default("md") });

/** `GET /api/clusters?context=`. */
export const ClustersQuery = z.object({ context: z.string().min(1).max(253).optional() });

/** `GET /api/scan?context=&namespace=`; no namespace: all of them. */
export const ScanQuery = z.object({
  context: z.string().min(1).max(253).optional(),
  namespace: namespaceName.optional(),
});
export type ScanQuery = z.infer<typeof ScanQuery>;

/** `POST /api/login`: the sign-in form's token. */
export const LoginBody = z.object({ token: z.string().min(1).max(512) });
export type LoginBody = z.infer<typeof LoginBody>;
