import type { RunnableConfig } from "@langchain/core/runnables";
import type { BaseCheckpointSaver, Checkpoint, CheckpointMetadata } from "@langchain/langgraph";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import type pg from "pg";

type ChannelVersions = Parameters<BaseCheckpointSaver["put"]>[3];

/**
 * PostgresSaver whose `put` is ONE statement instead of a transaction of
 * 2 + (changed channels) round trips.
 *
 * The stock saver writes every changed channel's blob with its own INSERT
 * (a dozen per turn for our graph) between BEGIN and COMMIT. Measured under
 * the gateway bench, those round trips were most of the checkpoint cost, and
 * on PGlite (one connection) every other query queued behind them. Here the
 * blobs go in as arrays through `unnest` in a data-modifying CTE, and the
 * checkpoint row in the same statement, so it stays atomic without a
 * transaction. Same tables, same rows, same conflict rules as the stock
 * statements (blobs: DO NOTHING; checkpoint: DO UPDATE), so `getTuple`,
 * `list` and the saver's migrations are unchanged.
 */
export class BatchedPostgresSaver extends PostgresSaver {
  private readonly putSql: string;

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
      // node-postgres encodes Buffers (not plain Uint8Arrays) inside arrays as bytea.
      blobs.map((b) =>
        b[5] === undefined ? null : Buffer.from(b[5].buffer, b[5].byteOffset, b[5].byteLength),
      ),
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
