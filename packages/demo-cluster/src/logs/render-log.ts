/**
 * Turns a stored log into what `GET …/pods/{name}/log` returns for the
 * options kubectl and client-node send. Each line gets a kubelet timestamp:
 * lines are spread evenly over the container instance's lifetime (start to
 * finish, or to now while it runs), which makes `--since` and `--timestamps`
 * behave plausibly for logs written without times.
 */
export interface LogOptions {
  tailLines?: number;
  sinceSeconds?: number;
  sinceTime?: number;
  limitBytes?: number;
  timestamps?: boolean;
}

export function renderLog(
  text: string,
  startedAt: number,
  endedAt: number,
  now: number,
  options: LogOptions,
): string {
  const lines = text.endsWith("\n")
    ? text.slice(0, -1).split("\n")
    : text === ""
      ? []
      : text.split("\n");
  const span = Math.max(0, endedAt - startedAt);
  let stamped = lines.map((line, i) => ({
    line,
    at: lines.length <= 1 ? startedAt : startedAt + Math.round((span * i) / (lines.length - 1)),
  }));
  const since =
    options.sinceSeconds !== undefined ? now - options.sinceSeconds * 1000 : options.sinceTime;
  if (since !== undefined) stamped = stamped.filter((l) => l.at >= since);
  if (options.tailLines !== undefined && options.tailLines >= 0)
    stamped = stamped.slice(Math.max(0, stamped.length - options.tailLines));
  let out = stamped
    .map((l) => (options.timestamps === true ? `${nanoTime(l.at)} ${l.line}` : l.line))
    .join("\n");
  if (stamped.length > 0) out += "\n";
  if (options.limitBytes !== undefined && options.limitBytes >= 0) {
    const bytes = Buffer.from(out, "utf8");
    if (bytes.length > options.limitBytes)
      out = bytes.subarray(0, options.limitBytes).toString("utf8");
  }
  return out;
}

/** RFC 3339 with nanoseconds, as the kubelet prefixes log lines. */
function nanoTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, ".$1000000Z");
}
