import { DiagnosisReport, ReportPath, ReportQuery, reportMarkdown } from "@kubemedic/protocol";
import express, { type Router } from "express";
import { ServerError } from "../../errors";
import { toServerError } from "../../persistence/prisma-errors";
import { userOf } from "../require-user";
import { validate } from "../validate";
import type { ApiContext } from "./api-context";

/**
 * `GET /api/conversations/:id/reports/:reportId?format=md|json`: a stored
 * report as a download. JSON is the `DiagnosisReport` itself (the same shape
 * `kubemedic diagnose --json` prints); Markdown is for people.
 */
export function reportRoutes(ctx: ApiContext): Router {
  const router = express.Router();
  router.get("/conversations/:id/reports/:reportId", async (req, res) => {
    const { id, reportId } = validate(ReportPath, req.params, "path");
    const { format } = validate(ReportQuery, req.query, "query");
    const row = await ctx.database.prisma.diagnosisReport
      .findFirst({
        where: {
          id: reportId,
          turn: { conversationId: id, conversation: { ownerId: userOf(res) } },
        },
        include: { turn: { select: { conversation: { select: { title: true } } } } },
      })
      .catch((error: unknown) => {
        throw toServerError(error, "reading a report");
      });
    if (row === null) throw new ServerError("not_found", `report ${reportId} not found`);
    const report = DiagnosisReport.parse(row.payload);
    const base = `kubemedic-${report.category.toLowerCase()}-${row.createdAt.toISOString().slice(0, 10)}-${row.id.slice(0, 8)}`;
    res.setHeader("Cache-Control", "no-store");
    if (format === "json") {
      res.setHeader("Content-Disposition", `attachment; filename="${base}.json"`);
      res.type("application/json").send(`${JSON.stringify(report, null, 2)}\n`);
      return;
    }
    res.setHeader("Content-Disposition", `attachment; filename="${base}.md"`);
    res.type("text/markdown; charset=utf-8").send(
      reportMarkdown(report, {
        conversationTitle: row.turn.conversation.title,
        createdAt: row.createdAt.toISOString(),
        degraded: row.degraded,
      }),
    );
  });
  return router;
}
