import { asNumber, asObject, asString, isObject } from "../../util/json";
import { age } from "../human-duration";
import { col, type TableSpec } from "../table-spec";

/** printEvent: LAST SEEN prefers series, then lastTimestamp, then the first time. */
export const eventTable: TableSpec = {
  columns: [
    col("Last Seen", "Time when this Event was last observed."),
    col("Type", "Type of this event (Normal, Warning), new types could be added in the future."),
    col(
      "Reason",
      "This should be a short, machine understandable string that gives the reason for the transition into the object's current status.",
    ),
    col("Object", "The object that this event is about."),
    col("Subobject", "Subobject within the object this event is about.", { priority: 1 }),
    col(
      "Source",
      "The component reporting this event. Should be a short machine understandable string.",
      { priority: 1 },
    ),
    col("Message", "A human-readable description of the status of this operation."),
    col(
      "First Seen",
      "The time at which the event was first recorded. (Time of server receipt is in TypeMeta.)",
      { priority: 1 },
    ),
    col("Count", "The number of times this event has occurred.", { priority: 1, type: "integer" }),
    col("Name", "Name must be unique within a namespace.", { priority: 1, format: "name" }),
  ],
  cells: (o, now) => {
    const involved = asObject(o.involvedObject);
    const first =
      typeof o.firstTimestamp === "string" && o.firstTimestamp !== ""
        ? age(o.firstTimestamp, now)
        : age(o.eventTime, now);
    let last =
      typeof o.lastTimestamp === "string" && o.lastTimestamp !== ""
        ? age(o.lastTimestamp, now)
        : first;
    let count = asNumber(o.count);
    if (isObject(o.series)) {
      last = age(o.series.lastObservedTime, now);
      count = asNumber(o.series.count);
    } else if (count === 0) {
      count = 1;
    }
    const kind = asString(involved.kind).toLowerCase();
    const target = asString(involved.name) === "" ? kind : `${kind}/${asString(involved.name)}`;
    return [
      last,
      asString(o.type),
      asString(o.reason),
      target,
      asString(involved.fieldPath),
      source(o),
      asString(o.message).trim(),
      first,
      count,
      o.metadata.name,
    ];
  },
};

function source(o: Record<string, unknown>): string {
  const s = asObject(o.source);
  const component = asString(s.component) || asString(o.reportingComponent);
  const host = asString(s.host) || asString(o.reportingInstance);
  return host === "" ? component : `${component}, ${host}`;
}
