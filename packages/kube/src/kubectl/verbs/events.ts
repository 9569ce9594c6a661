import { KubeError } from "../../errors";
import { age } from "../../model/humanDuration";
import { asList, toJson, toYaml } from "../../output/printObjects";
import { GET_TABS, tabwrite } from "../../output/tabwriter";
import type { Obj } from "../fetch";
import { listResource } from "../fetch";
import { str, int } from "../../output/describe/format";
import type { VerbContext, VerbOutput } from "../verbContext";

/**
 * `kubectl events`: core/v1 Events of a namespace (or all with -A), oldest
 * first, `--for kind/name` and `--types Warning` filters, kubectl's columns
 * (LAST SEEN with `(xN over M)`, TYPE, REASON, OBJECT, MESSAGE), -o yaml|json.
 */
export async function runEvents(ctx: VerbContext): Promise<VerbOutput> {
  const { flags } = ctx.command;
  const info = await ctx.cluster.discovery.resolve("events", ctx.signal);
  let fieldSelector: string | undefined;
  const forArg = flags.string("for");
  if (forArg !== undefined) {
    const [type, name] = forArg.split("/");
    if (!type || !name) throw new KubeError("usage", `--for needs TYPE/NAME, got "${forArg}"`);
    const target = await ctx.cluster.discovery.resolve(type, ctx.signal);
    fieldSelector = `involvedObject.kind=${target.kind},involvedObject.name=${name}`;
  }
  const listing = await listResource(ctx, info, {
    namespace: ctx.allNamespaces ? undefined : ctx.namespace,
    ...(fieldSelector ? { fieldSelector } : {}),
  });
  let events = listing.kind === "objects" ? listing.items : [];
  const types = flags.strings("types").map((t) => t.toLowerCase());
  if (types.length > 0) events = events.filter((e) => types.includes(String(e.type).toLowerCase()));
  events = [...events].sort((a, b) => eventTime(a) - eventTime(b));
  const output = flags.string("output");
  if (output === "yaml" || output === "json") {
    const doc = asList(events, false);
    return {
      text: output === "yaml" ? toYaml(doc) : toJson(doc),
      structured: { kind: "objects", items: events },
    };
  }
  if (output !== undefined && output !== "" && output !== "wide") {
    throw new KubeError("usage", `events supports -o yaml or -o json, not "${output}"`);
  }
  if (events.length === 0) {
    return {
      text: "",
      notes: [
        ctx.allNamespaces ? "No events found." : `No events found in ${ctx.namespace} namespace.`,
      ],
    };
  }
  const header = [
    ...(ctx.allNamespaces ? ["NAMESPACE"] : []),
    "LAST SEEN",
    "TYPE",
    "REASON",
    "OBJECT",
    "MESSAGE",
  ];
  const rows = events.map((e) => eventRow(e, ctx.allNamespaces, ctx.now));
  const lines = [
    ...(flags.bool("no-headers") ? [] : [header.join("\t")]),
    ...rows.map((r) => r.join("\t")),
  ];
  return {
    text: tabwrite(lines.join("\n"), GET_TABS),
    structured: { kind: "table", tables: [{ kind: "event", columns: header, rows }] },
    hint: "--for TYPE/NAME, --types Warning",
  };
}

/** When an event last happened: series, then lastTimestamp, then eventTime, then firstTimestamp. */
function eventTime(event: Obj): number {
  const series = (event.series ?? {}) as Obj;
  for (const value of [
    series.lastObservedTime,
    event.lastTimestamp,
    event.eventTime,
    event.firstTimestamp,
  ]) {
    if (typeof value === "string" && value !== "") {
      const at = Date.parse(value);
      if (!Number.isNaN(at)) return at;
    }
  }
  return 0;
}

function eventRow(e: Obj, withNamespace: boolean, now: number): string[] {
  const series = e.series as Obj | undefined;
  const first =
    typeof e.eventTime === "string" && e.eventTime !== "" ? e.eventTime : e.firstTimestamp;
  const firstSince = age(first, now);
  const count = typeof e.count === "number" ? e.count : 0;
  let interval = firstSince;
  if (series !== undefined) {
    interval = `${age(series.lastObservedTime, now)} (x${String(int(series.count))} over ${firstSince})`;
  } else if (count > 1) {
    interval = `${age(e.lastTimestamp, now)} (x${count} over ${firstSince})`;
  }
  const involved = (e.involvedObject ?? e.regarding ?? {}) as Obj;
  const metadata = (e.metadata ?? {}) as Obj;
  return [
    ...(withNamespace ? [str(metadata.namespace)] : []),
    interval,
    str(e.type),
    str(e.reason),
    `${str(involved.kind)}/${str(involved.name)}`,
    str(e.message ?? e.note).trim(),
  ];
}
