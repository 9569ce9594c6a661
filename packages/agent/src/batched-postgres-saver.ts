import type { RunnableConfig } from "@langchain/core/runnables";
import type {
  BaseCheckpointSaver,
  Checkpoint,
  CheckpointMetadata,
  CheckpointTuple,
} from "@langchain/langgraph";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import type pg from "pg";

type ChannelVersions = Parameters<BaseCheckpointSaver["put"]>[3];

/** A stored blob as the saver's loaders take it: channel (or task id, channel), type, bytes. */
type BlobRow = Uint8Array[];

/** The row `getTuple` reads; blobs come as JSON with base64 bytes (see below). */
interface TupleRow {
  checkpoint: Omit<Checkpoint, "pending_sends" | "channel_values"> & { v: number };
  checkpoint_id: string;
  parent_checkpoint_id: string | null;
  metadata: Record<string, unknown>;
  channel_values: (string | null)[][] | null;
  pending_writes: (string | null)[][] | null;
}

/**
 * LangGraph's PostgresSaver with its two hot operations rewritten, on the
 * same tables, rows and conflict rules (so `list`, `deleteThread` and the
 * saver's migrations are the stock ones):
 *
 * - `put` is ONE statement instead of BEGIN, one INSERT per changed channel
 *   (a dozen per turn for our graph) and COMMIT: the blobs go in as arrays
 *   through `unnest` in a data-modifying CTE, the checkpoint row in the same
 *   statement, so it stays atomic without a transaction. On PGlite (one
 *   connection) every other query used to queue behind those round trips.
 * - `getTuple` reads the blobs as JSON with base64 bytes. The stock query
 *   returns them as a Postgres array of bytea, which node-postgres parses
 *   character by character in JavaScript: with a conversation's history in
 *   the messages blob, that parse was 17 % of the gateway's CPU under load.
 *   JSON.parse and base64 decoding are native. Checkpoints older than format
 *   v4 (never written by this version) go through the stock path.
 */
export class BatchedPostgresSaver extends PostgresSaver {
  private readonly putSql: string;
  /** By id, and the latest: two statements so each uses the primary key as it should. */
  private readonly selectSql: { one: string; latest: string };

  constructor(
    private readonly writePool: pg.Pool,
    schema: string,
  ) {
    super(writePool, undefined, { schema });
    const table = (name: string) => `"${schema.replaceAll('"', '""')}".${name}`;
    this.putSql = `WITH blobs AS (
  INSERT INTO ${table("checkpoint_blobs")} (thread_id, checkpoint_ns, channel, version, type, blob)
  SELECT $1, $2, b.channel, b.version, b.type, b.blob
  FROM unnest($3::text[], $4::text[], $5::text[], $6::bytea[]) AS b(channel, version, type, blob)
  ON CONFLICT (thread_id, checkpoint_ns, channel, version) DO NOTHING
)
INSERT INTO ${table("checkpoints")} (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, checkpoint, metadata)
VALUES ($1, $2, $7, $8, $9, $10)
ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id)
DO UPDATE SET checkpoint = EXCLUDED.checkpoint, metadata = EXCLUDED.metadata`;
    const select = `SELECT
  checkpoint, checkpoint_id, parent_checkpoint_id, metadata,
  (
    SELECT json_agg(json_build_array(bl.channel, bl.type, encode(bl.blob, 'base64')))
    FROM jsonb_each_text(cp.checkpoint -> 'channel_versions') v
    INNER JOIN ${table("checkpoint_blobs")} bl
      ON bl.thread_id = cp.thread_id
      AND bl.checkpoint_ns = cp.checkpoint_ns
      AND bl.channel = v.key
      AND bl.version = v.value
  ) AS channel_values,
  (
    SELECT json_agg(
      json_build_array(cw.task_id, cw.channel, cw.type, encode(cw.blob, 'base64'))
      ORDER BY cw.task_id, cw.idx)
    FROM ${table("checkpoint_writes")} cw
    WHERE cw.thread_id = cp.thread_id
      AND cw.checkpoint_ns = cp.checkpoint_ns
      AND cw.checkpoint_id = cp.checkpoint_id
  ) AS pending_writes
FROM ${table("checkpoints")} cp
WHERE cp.thread_id = $1 AND cp.checkpoint_ns = $2`;
    this.selectSql = {
      one: `${select} AND cp.checkpoint_id = $3`,
      latest: `${select} ORDER BY cp.checkpoint_id DESC LIMIT 1`,
    };
  }

  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const configurable = config.configurable ?? {};
    const threadId = configurable.thread_id as string;
    const checkpointNs = (configurable.checkpoint_ns as string | undefined) ?? "";
    const wanted = (configurable.checkpoint_id as string | undefined) || null;
    const { rows } =
      wanted === null
        ? await this.writePool.query<TupleRow>(this.selectSql.latest, [threadId, checkpointNs])
        : await this.writePool.query<TupleRow>(this.selectSql.one, [
            threadId,
            checkpointNs,
            wanted,
          ]);
    const row = rows[0];
    if (row === undefined) return undefined;
    if (row.checkpoint.v < 4) return super.getTuple(config);
    // As the stock saver: an empty parent id (stored as given) is no parent.
    const at = (id: string | null) =>
      id === null || id === ""
        ? undefined
        : { configurable: { thread_id: threadId, checkpoint_ns: checkpointNs, checkpoint_id: id } };
    return {
      config: at(row.checkpoint_id) as RunnableConfig,
      checkpoint: await this._loadCheckpoint(
        row.checkpoint,
        toBlobRows(row.channel_values) as [Uint8Array, Uint8Array, Uint8Array][],
      ),
      metadata: (await this._loadMetadata(row.metadata)) as CheckpointMetadata,
      parentConfig: at(row.parent_checkpoint_id),
      pendingWrites: await this._loadWrites(
        toBlobRows(row.pending_writes) as [Uint8Array, Uint8Array, Uint8Array, Uint8Array][],
      ),
    };
  }

  override async put(
    config: RunnableConfig,
    checkpoint: Checkpoint,
    metadata: CheckpointMetadata,
    newVersions: ChannelVersions,
  ): Promise<RunnableConfig> {
    const configurable = config.configurable;
    if (configurable === undefined) {
      throw new Error('Missing "configurable" field in "config" param');
    }
    const threadId = configurable.thread_id as string;
    const checkpointNs = (configurable.checkpoint_ns as string | undefined) ?? "";
    const parentId = configurable.checkpoint_id as string | undefined;
    const blobs = await this._dumpBlobs(
      threadId,
      checkpointNs,
      checkpoint.channel_values,
      newVersions,
    );
    // The saver's own type for it is `any`: the serialized metadata, stored as jsonb.
    const serializedMetadata: unknown = await this._dumpMetadata(metadata);
    await this.writePool.query(this.putSql, [
      threadId,
      checkpointNs,
      blobs.map((b) => b[2]),
      blobs.map((b) => b[3]),
      blobs.map((b) => b[4]),
      // node-postgres writes byte arrays inside an array as bytea; an "empty" channel has none.
      blobs.map((b) => b[5] ?? null),
      checkpoint.id,
      parentId ?? null,
      this._dumpCheckpoint(checkpoint),
      serializedMetadata,
    ]);
    return {
      configurable: {
        thread_id: threadId,
        checkpoint_ns: checkpointNs,
        checkpoint_id: checkpoint.id,
      },
    };
  }
}

const utf8 = new TextEncoder();

/**
 * JSON rows of [text…, base64 blob] as the stock loaders take them: every
 * field as bytes. A missing blob (an "empty" channel) stays null, as in the
 * stock query's arrays; Postgres wraps base64 at 76 columns, and Node skips
 * the newlines.
 */
function toBlobRows(rows: (string | null)[][] | null): BlobRow[] {
  if (rows === null) return [];
  return rows.map((row) =>
    row.map((field, i) =>
      i === row.length - 1
        ? ((field === null ? null : Buffer.from(field, "base64")) as Uint8Array)
        : utf8.encode(field ?? ""),
    ),
  );
}
