/** What the analyzers and correlation ask of a container's log. */
export interface LogRequest {
  namespace: string;
  pod: string;
  container: string;
  /** The previous (crashed) instance's log. @default false */
  previous?: boolean;
  /** Lines from the end. @default 100 (k8sgpt's Log analyzer reads 100) */
  tailLines?: number;
}

/**
 * Reads container logs. `read` rejects with the API's message when there is no
 * such log (container not started, no previous instance); callers decide what
 * that means.
 */
export interface LogSource {
  read(request: LogRequest, signal?: AbortSignal): Promise<string>;
}

/** A source with no logs at all, for snapshots built from objects alone. */
export const NO_LOGS: LogSource = {
  read: (r) =>
    Promise.reject(
      new Error(`no log available for container ${r.container} in pod ${r.namespace}/${r.pod}`),
    ),
};

/**
 * Wraps a source so each distinct request is made once per snapshot: the Log
 * analyzer and correlation often want the same tail.
 */
export function cachedLogSource(source: LogSource): LogSource {
  const cache = new Map<string, Promise<string>>();
  return {
    read(request, signal) {
      const key = `${request.namespace}/${request.pod}/${request.container}/${request.previous === true}/${request.tailLines ?? 100}`;
      let hit = cache.get(key);
      if (hit === undefined) {
        hit = source.read(request, signal);
        cache.set(key, hit);
        // A failed read (e.g. aborted) may succeed later; do not pin the failure
        // unless it is a plain "no such log" answer, which is stable.
        hit.catch((error: unknown) => {
          if (signal?.aborted === true || (error as { retryable?: boolean }).retryable === true)
            cache.delete(key);
        });
      }
      return hit;
    },
  };
}
