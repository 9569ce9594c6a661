import { age } from "../../model/humanDuration";
import type { DescribeWriter } from "./describeWriter";
import { int, rec, str } from "./format";

type Rec = Record<string, unknown>;

/**
 * The Events table at the end of describe (DescribeEvents): Type, Reason, Age
 * (`5m (x12 over 1h)` for repeated events), From, Message; `<none>` when
 * there are none. Sorted by last timestamp, as kubectl does.
 */
export function describeEvents(w: DescribeWriter, events: Rec[] | undefined, now: number): void {
  if (events === undefined) return;
  if (events.length === 0) {
    w.write(0, "Events:\t<none>\n");
    return;
  }
  const sorted = [...events].sort((a, b) => stamp(a.lastTimestamp) - stamp(b.lastTimestamp));
  w.write(0, "Events:\n  Type\tReason\tAge\tFrom\tMessage\n");
  w.write(1, "----\t------\t----\t----\t-------\n");
  for (const e of sorted) {
    const eventTime = str(e.eventTime);
    const firstSince = eventTime ? age(eventTime, now) : age(e.firstTimestamp, now);
    let interval = firstSince;
    if (e.series !== undefined) {
      const series = rec(e.series);
      interval = `${age(series.lastObservedTime, now)} (x${int(series.count)} over ${firstSince})`;
    } else if (int(e.count) > 1) {
      interval = `${age(e.lastTimestamp, now)} (x${int(e.count)} over ${firstSince})`;
    }
    const source = str(rec(e.source).component) || str(e.reportingController);
    w.write(
      1,
      `${str(e.type)}\t${str(e.reason)}\t${interval}\t${source}\t${str(e.message).trim()}\n`,
    );
  }
}

function stamp(value: unknown): number {
  const at = typeof value === "string" ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? 0 : at;
}
