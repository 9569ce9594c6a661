import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { ConversationHub } from "../gateway/conversation-hub";
import type { GatewayContext } from "../gateway/gateway-context";
import type { Logger } from "../logger";
import { EventListener } from "./event-listener";
import { EventLog } from "./event-log";
import { TurnLeases } from "./turn-leases";
import { interruptTurn, takeOverTurn } from "./turn-takeover";

/** Committed frames kept in the event log for clients resuming on another replica. @default 10 min */
const KEEP_LOGGED_MS = 10 * 60_000;
/** How often the log is pruned. @default 60 s */
const PRUNE_EVERY_MS = 60_000;
/** Turns taken over per sweep, so one replica does not take every turn of a dead one at once. @default 8 */
const CLAIM_PER_SWEEP = 8;

export interface ScaleOutOptions {
  pool: pg.Pool;
  databaseUrl: string;
  leaseMs: number;
  logger: Logger;
}

/**
 * Scale-out mode (docs/gateway.md#scale-out): this replica's id, the event
 * log every frame goes through, the LISTEN connection that brings the other
 * replicas' frames, and the leases of running turns — renewed for this
 * replica's turns, claimed (and the turns resumed) when another's lapse.
 */
export class ScaleOut {
  readonly replica = randomUUID();
  readonly log: EventLog;
  readonly leases: TurnLeases;
  /** Turns this replica claimed and is starting again (not yet running in its hub). */
  readonly takingOver = new Set<string>();
  private listener: EventListener | undefined;
  private readonly timers: NodeJS.Timeout[] = [];
  private sweeping = false;
  private closed = false;

  constructor(private readonly options: ScaleOutOptions) {
    this.log = new EventLog(options.pool, this.replica, options.logger);
    this.leases = new TurnLeases(options.pool, this.replica, options.leaseMs);
  }

  /** Listens to the other replicas; frames go to the hub. */
  async listen(hub: ConversationHub): Promise<void> {
    this.listener = new EventListener(
      this.options.databaseUrl,
      this.replica,
      this.log,
      {
        watches: (id) => hub.get(id) !== undefined,
        frame: (id, seq, json) => hub.receive(id, seq, json),
        stop: (id, turnId) => {
          const run = hub.get(id)?.run;
          if (run?.turnId === turnId) run.stop("user");
        },
      },
      this.options.logger,
    );
    await this.listener.start();
  }

  /** Starts renewing this replica's leases and taking over lapsed ones. */
  run(ctx: GatewayContext): void {
    const { leaseMs, logger } = this.options;
    const every = (ms: number, fn: () => Promise<void>) => {
      const timer = setInterval(
        () =>
          void fn().catch((error: unknown) => logger.warn({ err: error }, "scale-out task failed")),
        ms,
      );
      timer.unref();
      this.timers.push(timer);
    };
    every(Math.max(100, Math.floor(leaseMs / 3)), () => this.renew(ctx));
    // A little jitter, so replicas do not all sweep at the same moment.
    every(Math.max(100, Math.floor(leaseMs / 2 + Math.random() * (leaseMs / 4))), () =>
      this.sweep(ctx),
    );
    every(PRUNE_EVERY_MS, async () => {
      await this.log.prune(KEEP_LOGGED_MS);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.listener?.close();
  }

  private async renew(ctx: GatewayContext): Promise<void> {
    const runs = ctx.hub.running();
    const held = await this.leases.renew(runs.map((r) => r.turnId));
    for (const run of runs) {
      // Another replica took it over (this one stalled past its lease): it runs there now.
      if (!held.has(run.turnId) && !run.signal.aborted && run.outcome === undefined) {
        ctx.logger.warn({ turnId: run.turnId }, "lease lost: the turn goes on on another replica");
      }
    }
  }

  private async sweep(ctx: GatewayContext): Promise<void> {
    if (this.sweeping || this.closed || ctx.closing()) return;
    this.sweeping = true;
    try {
      const claimed = await this.leases.claimExpired(CLAIM_PER_SWEEP);
      for (const turn of claimed) {
        this.takingOver.add(turn.id);
        try {
          await takeOverTurn(ctx, this.log, turn);
        } catch (error) {
          ctx.logger.error({ err: error, turnId: turn.id }, "a turn could not be taken over");
          // Not again and again: it ends interrupted, as before scale-out.
          await interruptTurn(ctx, turn).catch((e: unknown) =>
            ctx.logger.warn({ err: e, turnId: turn.id }, "the turn could not be ended either"),
          );
        } finally {
          this.takingOver.delete(turn.id);
        }
      }
    } finally {
      this.sweeping = false;
    }
  }
}
