/**
 * At most `max` holders at a time; the others wait in arrival order (no
 * timeout: waiting is how overload is absorbed). A waiter whose signal aborts
 * leaves the queue and gets `false`.
 */
export class Semaphore {
  private active = 0;
  private readonly waiters: { grant: (ok: boolean) => void; signal?: AbortSignal }[] = [];

  constructor(readonly max: number) {}

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiters.length;
  }

  /** Resolves true once a slot is held (release it), false if `signal` aborted first. */
  acquire(signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted === true) return Promise.resolve(false);
    if (this.active < this.max) {
      this.active++;
      return Promise.resolve(true);
    }
    return new Promise<boolean>((resolve) => {
      const waiter = {
        grant: (ok: boolean) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(ok);
        },
        ...(signal === undefined ? {} : { signal }),
      };
      const onAbort = () => {
        const at = this.waiters.indexOf(waiter);
        if (at >= 0) this.waiters.splice(at, 1);
        waiter.grant(false);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  release(): void {
    const next = this.waiters.shift();
    if (next !== undefined) next.grant(true);
    else this.active = Math.max(0, this.active - 1);
  }
}
