import { RestId } from "@kubemedic/protocol";
import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ReportStore } from "./mcp-context";

/** The URI of a stored report. */
export const REPORT_URI_TEMPLATE = "kubemedic://conversations/{conversationId}/reports/{reportId}";

/** Reports `resources/list` names, newest first. @default 200 */
export const LISTED_REPORTS = 200;

/** JSON-RPC "resource not found" (the MCP spec's code). */
const RESOURCE_NOT_FOUND = -32002;

const ReportVariables = z.object({ conversationId: RestId, reportId: RestId });

export function reportUri(conversationId: string, reportId: string): string {
  return `kubemedic://conversations/${encodeURIComponent(conversationId)}/reports/${encodeURIComponent(reportId)}`;
}

/**
 * The user's stored diagnosis reports as resources (JSON, the same
 * `DiagnosisReport` as `GET /api/conversations/:id/reports/:reportId?format=json`).
 * Every query is scoped to the user by the store; another user's report
 * answers exactly like a missing one.
 */
export function registerReportResources(server: McpServer, store: ReportStore): void {
  server.registerResource(
    "report",
    new ResourceTemplate(REPORT_URI_TEMPLATE, {
      list: async () => ({
        resources: (await store.list(LISTED_REPORTS)).map((r) => ({
          uri: reportUri(r.conversationId, r.reportId),
          name: `report-${r.reportId}`,
          title: `${r.conversationTitle}: ${r.category} (${r.severity})`,
          description: r.summary,
          mimeType: "application/json",
          annotations: { lastModified: r.createdAt.toISOString() },
        })),
      }),
    }),
    {
      title: "Diagnosis report",
      description:
        "A diagnosis report stored with one of your kubemedic conversations (DiagnosisReport JSON).",
      mimeType: "application/json",
    },
    async (uri, variables) => {
      const parsed = ReportVariables.safeParse(variables);
      if (!parsed.success) throw new McpError(RESOURCE_NOT_FOUND, `no such report: ${uri.href}`);
      const { conversationId, reportId } = parsed.data;
      const stored = await store.read(conversationId, reportId);
      if (stored === null) throw new McpError(RESOURCE_NOT_FOUND, `no such report: ${uri.href}`);
      return {
        contents: [
          {
            uri: reportUri(conversationId, reportId),
            mimeType: "application/json",
            text: `${JSON.stringify(stored.report, null, 2)}\n`,
          },
        ],
      };
    },
  );
}
