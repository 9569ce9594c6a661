import {
  ClustersResponse,
  ConversationDetail,
  ConversationList,
  ConversationSearchResult,
  ConversationSummary,
  ScanResponse,
  SessionInfo,
  type CreateConversationBody,
  type PatchConversationBody,
} from "@kubemedic/protocol";
import { apiFetch } from "./apiFetch";

/** The gateway's REST surface (ARCHITECTURE.md, "HTTP and WebSocket surface"). */

const qs = (params: Record<string, string | number | null | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text === "" ? "" : `?${text}`;
};
const enc = encodeURIComponent;

export const api = {
  session: (signal?: AbortSignal) => apiFetch("/api/session", SessionInfo, { signal }),

  login: (token: string) => apiFetch("/api/login", null, { method: "POST", body: { token } }),
  logout: () => apiFetch("/api/logout", null, { method: "POST" }),

  conversations: (
    params: { q?: string; cursor?: string | null; limit?: number },
    signal?: AbortSignal,
  ) =>
    apiFetch(
      `/api/conversations${qs({ q: params.q, cursor: params.cursor, limit: params.limit })}`,
      ConversationList,
      { signal },
    ),

  searchConversations: (q: string, signal?: AbortSignal) =>
    apiFetch(`/api/conversations/search${qs({ q })}`, ConversationSearchResult, { signal }),

  conversation: (id: string, signal?: AbortSignal) =>
    apiFetch(`/api/conversations/${enc(id)}`, ConversationDetail, { signal }),

  createConversation: (body: CreateConversationBody) =>
    apiFetch("/api/conversations", ConversationSummary, { method: "POST", body }),

  patchConversation: (id: string, body: PatchConversationBody) =>
    apiFetch(`/api/conversations/${enc(id)}`, ConversationSummary, { method: "PATCH", body }),

  deleteConversation: (id: string) =>
    apiFetch(`/api/conversations/${enc(id)}`, null, { method: "DELETE" }),

  clusters: (context: string | null, signal?: AbortSignal) =>
    apiFetch(`/api/clusters${qs({ context })}`, ClustersResponse, { signal }),

  scan: (context: string | null, namespace: string | null, signal?: AbortSignal) =>
    apiFetch(`/api/scan${qs({ context, namespace })}`, ScanResponse, { signal }),
};

/** The server's download of a stored report. */
export function reportExportUrl(
  conversationId: string,
  reportId: string,
  format: "md" | "json",
): string {
  return `/api/conversations/${enc(conversationId)}/reports/${enc(reportId)}${qs({ format })}`;
}
