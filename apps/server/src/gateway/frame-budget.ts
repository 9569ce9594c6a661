import { TokenBucket } from "./token-bucket";

/** What one user's sockets share: frames and bytes per second, all of them together. */
export interface UserBudget {
  frames: TokenBucket;
  bytes: TokenBucket;
}

export interface FrameBudgetLimits {
  /** Frames per second one connection may send, sustained. @default 20 */
  framesPerSecond: number;
  /** Frames one connection may send at once. @default 60 */
  frameBurst: number;
  /** Bytes per second one connection may send, sustained. @default 131_072 */
  bytesPerSecond: number;
  /** Frames per second one user may send over all their connections. @default 60 */
  userFramesPerSecond: number;
  /** Bytes per second one user may send over all their connections. @default 262_144 */
  userBytesPerSecond: number;
  /** The largest frame: a byte bucket always holds at least one. @default 65_536 */
  maxFrameBytes: number;
}

/** Seconds of the sustained rate a byte bucket holds (its burst). @default 4 */
const BYTE_BURST_SECONDS = 4;
/** Seconds of the sustained rate a user's frame bucket holds (its burst). @default 3 */
const USER_FRAME_BURST_SECONDS = 3;

/** A new user's shared budget (the gateway keeps one per user while they hold a socket). */
export function userBudget(limits: FrameBudgetLimits): UserBudget {
  return {
    frames: new TokenBucket(
      limits.userFramesPerSecond,
      limits.userFramesPerSecond * USER_FRAME_BURST_SECONDS,
    ),
    bytes: new TokenBucket(limits.userBytesPerSecond, byteBurst(limits.userBytesPerSecond, limits)),
  };
}

function byteBurst(perSecond: number, limits: FrameBudgetLimits): number {
  return Math.max(limits.maxFrameBytes, perSecond * BYTE_BURST_SECONDS);
}

export type BudgetVerdict = "ok" | "frames" | "bytes";

/**
 * What a connection may send, charged BEFORE a frame is decoded or parsed:
 * its own frames and bytes per second, and its user's, shared by all their
 * sockets (32 sockets must not mean 32 budgets). A frame over budget is
 * refused at the cost of a length check; one within budget is charged to
 * every bucket at once, or to none.
 */
export class FrameBudget {
  private readonly frames: TokenBucket;
  private readonly bytes: TokenBucket;

  constructor(
    limits: FrameBudgetLimits,
    private readonly user: UserBudget,
  ) {
    this.frames = new TokenBucket(limits.framesPerSecond, limits.frameBurst);
    this.bytes = new TokenBucket(limits.bytesPerSecond, byteBurst(limits.bytesPerSecond, limits));
  }

  take(bytes: number, now = performance.now()): BudgetVerdict {
    if (!this.frames.has(1, now) || !this.user.frames.has(1, now)) return "frames";
    if (!this.bytes.has(bytes, now) || !this.user.bytes.has(bytes, now)) return "bytes";
    this.frames.take(now);
    this.user.frames.take(now);
    this.bytes.take(now, bytes);
    this.user.bytes.take(now, bytes);
    return "ok";
  }
}
