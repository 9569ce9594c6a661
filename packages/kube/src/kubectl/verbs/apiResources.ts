import { KubeError } from "../../errors";
import { qualifiedName } from "../../connection/resourceInfo";
import type { ResourceInfo } from "../../connection/resourceInfo";
import { GET_TABS, tabwrite } from "../../output/tabwriter";
import type { VerbContext, VerbOutput } from "../verbContext";

/**
 * `kubectl api-resources`: every preferred-version resource type with its
 * short names, API version, scope and kind (wide: verbs and categories),
 * sorted by group then name; --namespaced, --api-group, --verbs, --sort-by,
 * -o wide|name.
 */
export async function runApiResources(ctx: VerbContext): Promise<VerbOutput> {
  const { flags } = ctx.command;
  const output = flags.string("output") ?? "";
  if (output !== "" && output !== "wide" && output !== "name") {
    throw new KubeError("usage", `api-resources supports -o wide or -o name, not "${output}"`);
  }
  let resources = (await ctx.cluster.discovery.resources(ctx.signal)).filter(
    (r) => r.preferred && r.verbs.length > 0,
  );
  if (flags.has("namespaced")) {
    const namespaced = flags.bool("namespaced");
    resources = resources.filter((r) => r.namespaced === namespaced);
  }
  const group = flags.string("api-group");
  if (group !== undefined) resources = resources.filter((r) => r.group === group);
  const verbs = flags.strings("verbs");
  if (verbs.length > 0)
    resources = resources.filter((r) => verbs.every((v) => r.verbs.includes(v)));
  const categories = flags.strings("categories");
  if (categories.length > 0) {
    resources = resources.filter((r) => categories.every((c) => r.categories.includes(c)));
  }
  const sortBy = flags.string("sort-by");
  if (sortBy !== undefined && sortBy !== "name" && sortBy !== "kind") {
    throw new KubeError("usage", `--sort-by accepts name or kind, not "${sortBy}"`);
  }
  resources = [...resources].sort((a, b) => {
    const [x, y] =
      sortBy === "name"
        ? [a.resource, b.resource]
        : sortBy === "kind"
          ? [a.kind, b.kind]
          : [a.group, b.group];
    return compare(x, y) || compare(a.resource, b.resource);
  });
  if (output === "name") {
    return { text: resources.map(qualifiedName).join("\n") };
  }
  const wide = output === "wide";
  const header = [
    "NAME",
    "SHORTNAMES",
    "APIVERSION",
    "NAMESPACED",
    "KIND",
    ...(wide ? ["VERBS", "CATEGORIES"] : []),
  ];
  const rows = resources.map((r) => row(r, wide));
  const lines = [
    ...(flags.bool("no-headers") ? [] : [header.join("\t")]),
    ...rows.map((r) => r.join("\t")),
  ];
  return {
    text: tabwrite(lines.join("\n"), GET_TABS),
    structured: { kind: "table", tables: [{ kind: "api-resources", columns: header, rows }] },
    hint: "--api-group or --namespaced",
  };
}

function row(r: ResourceInfo, wide: boolean): string[] {
  return [
    r.resource,
    r.shortNames.join(","),
    r.groupVersion,
    String(r.namespaced),
    r.kind,
    ...(wide ? [r.verbs.join(","), r.categories.join(",")] : []),
  ];
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `kubectl api-versions`: every served group/version, sorted. */
export async function runApiVersions(ctx: VerbContext): Promise<VerbOutput> {
  return { text: (await ctx.cluster.discovery.groupVersions(ctx.signal)).join("\n") };
}
