import type { ReportStore } from "@kubemedic/mcp";
import { DiagnosisReport } from "@kubemedic/protocol";
import type { PrismaClient } from "../db/prisma";
import { toServerError } from "./prisma-errors";

/**
 * One user's stored reports, for the MCP resources: every query scoped to
 * the owner in the query itself, like the REST report route (another user's
 * report answers exactly like a missing one).
 */
export function mcpReportStore(prisma: PrismaClient, owner: string): ReportStore {
  return {
    async list(limit) {
      const rows = await prisma.diagnosisReport
        .findMany({
          where: { turn: { conversation: { ownerId: owner } } },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take: limit,
          select: {
            id: true,
            category: true,
            severity: true,
            summary: true,
            createdAt: true,
            turn: { select: { conversationId: true, conversation: { select: { title: true } } } },
          },
        })
        .catch((error: unknown) => {
          throw toServerError(error, "listing reports");
        });
      return rows.map((r) => ({
        conversationId: r.turn.conversationId,
        reportId: r.id,
        conversationTitle: r.turn.conversation.title,
        category: r.category,
        severity: r.severity,
        summary: r.summary,
        createdAt: r.createdAt,
      }));
    },
    async read(conversationId, reportId) {
      const row = await prisma.diagnosisReport
        .findFirst({
          where: { id: reportId, turn: { conversationId, conversation: { ownerId: owner } } },
          include: { turn: { select: { conversation: { select: { title: true } } } } },
        })
        .catch((error: unknown) => {
          throw toServerError(error, "reading a report");
        });
      if (row === null) return null;
      return {
        report: DiagnosisReport.parse(row.payload),
        conversationTitle: row.turn.conversation.title,
        createdAt: row.createdAt,
        degraded: row.degraded,
      };
    },
  };
}
