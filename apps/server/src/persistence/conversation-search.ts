import type { ConversationSearchHit, TurnStatus } from "@kubemedic/protocol";
import type { PrismaClient } from "../db/prisma";
import { toConversationSummary } from "./dto";
import { toServerError } from "./prisma-errors";

/** @default 20 */
const DEFAULT_SEARCH_LIMIT = 20;
/** How much of the matching text a hit shows. @default 160 */
const SNIPPET_CHARS = 160;

interface HitRow {
  id: string;
  ownerId: string;
  title: string;
  clusterContext: string | null;
  namespace: string | null;
  createdAt: Date;
  updatedAt: Date;
  lastEventSeq: number;
  eventSeqReserved: number;
  lastTurnStatus: TurnStatus | null;
  kind: ConversationSearchHit["matchedIn"];
  body: string;
}

/**
 * The owner's conversations whose title, messages (the user's and the agent's) or reports
 * (summary and root cause) contain the query, most recently active first, each with its best
 * match: the title, else the newest matching message or report.
 *
 * Matching is PostgreSQL full-text search with the `simple` configuration (words in any order,
 * `"a phrase"`, `-word`, `or`: `websearch_to_tsquery`), which embedded PGlite has too; `simple`
 * rather than `english` because the text is English and Chinese alike and PGlite need not carry
 * the snowball dictionaries. A substring match (ILIKE) is OR-ed in: Chinese has no spaces to make
 * words of, and a half-typed word ("check") should find "checkout" while the user types.
 *
 * Known limit: no index serves it (the OR with a substring defeats one); it scans one owner's
 * texts, at most KUBEMEDIC_MAX_CONVERSATIONS_PER_USER conversations.
 */
export async function searchConversations(
  prisma: PrismaClient,
  ownerId: string,
  q: string,
  limit = DEFAULT_SEARCH_LIMIT,
): Promise<ConversationSearchHit[]> {
  const query = q.trim().slice(0, 200);
  if (query === "") return [];
  const pattern = `%${escapeLike(query)}%`;
  try {
    const rows = await prisma.$queryRaw<HitRow[]>`
      WITH fts AS (SELECT websearch_to_tsquery('simple', ${query}) AS tsq)
      SELECT c.*, hit.kind, hit.body,
        (SELECT t.status::text FROM "Turn" t WHERE t."conversationId" = c.id
          ORDER BY t.seq DESC LIMIT 1) AS "lastTurnStatus"
      FROM "Conversation" c
      CROSS JOIN fts
      CROSS JOIN LATERAL (
        SELECT texts.kind, texts.body FROM (
          SELECT 'title'::text AS kind, c.title AS body, 0 AS rank, c."updatedAt" AS at
          UNION ALL
          SELECT 'message', m.content, 1, m."createdAt"
            FROM "Message" m WHERE m."conversationId" = c.id
          UNION ALL
          SELECT 'report', r.summary || E'\n' || coalesce(r.payload->>'rootCause', ''), 1, r."createdAt"
            FROM "DiagnosisReport" r JOIN "Turn" t ON t.id = r."turnId"
            WHERE t."conversationId" = c.id
        ) texts
        WHERE to_tsvector('simple', texts.body) @@ fts.tsq OR texts.body ILIKE ${pattern}
        ORDER BY texts.rank, texts.at DESC
        LIMIT 1
      ) hit
      WHERE c."ownerId" = ${ownerId}
      ORDER BY c."updatedAt" DESC, c.id DESC
      LIMIT ${Math.min(50, Math.max(1, Math.trunc(limit)))}`;
    return rows.map((row) => ({
      conversation: toConversationSummary(
        row,
        row.lastTurnStatus === null ? undefined : { status: row.lastTurnStatus },
      ),
      matchedIn: row.kind,
      snippet: snippetOf(row.body, query),
    }));
  } catch (error) {
    throw toServerError(error, "searching conversations");
  }
}

/**
 * About SNIPPET_CHARS of `text` on one line, around the first place a word of the query occurs
 * (the whole text's start when only the full-text match found it, e.g. a word in another case
 * of a phrase), with "…" where it was cut.
 */
export function snippetOf(text: string, query: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const lower = flat.toLowerCase();
  const words = [query, ...query.split(/[\s"]+/)]
    .map((w) => w.replace(/^-/, "").toLowerCase())
    .filter((w) => w !== "" && w !== "or");
  const at = words.map((w) => lower.indexOf(w)).find((i) => i >= 0) ?? 0;
  const start = Math.max(0, at - Math.floor(SNIPPET_CHARS / 3));
  const end = Math.min(flat.length, start + SNIPPET_CHARS);
  return `${start > 0 ? "…" : ""}${flat.slice(start, end)}${end < flat.length ? "…" : ""}`;
}

/** A literal substring in a LIKE pattern: `%`, `_` and `\` match only themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}
