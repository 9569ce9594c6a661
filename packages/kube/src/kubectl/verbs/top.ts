import { KubeError, isKubeError } from "../../errors";
import { formatMebibytes, formatMilliCpu, parseQuantity } from "../../model/quantity";
import { GET_TABS, tabwrite } from "../../output/tabwriter";
import type { Obj } from "../fetch";
import type { VerbContext, VerbOutput } from "../verbContext";

const METRICS = "/apis/metrics.k8s.io/v1beta1";

/**
 * `kubectl top pod|node` from the metrics API (metrics.k8s.io, served by
 * metrics-server). When the API is absent the error says so plainly.
 */
export async function runTop(ctx: VerbContext): Promise<VerbOutput> {
  await requireMetrics(ctx);
  return ctx.command.verb === "top node" ? topNodes(ctx) : topPods(ctx);
}

async function requireMetrics(ctx: VerbContext): Promise<void> {
  const versions = await ctx.cluster.discovery.groupVersions(ctx.signal);
  if (!versions.includes("metrics.k8s.io/v1beta1")) {
    throw new KubeError(
      "unsupported",
      "Metrics API not available: this cluster serves no metrics.k8s.io API (metrics-server is not installed), so top has no data; use describe for requests/limits and events for OOMKilled",
    );
  }
}

async function fetchMetrics(
  ctx: VerbContext,
  path: string,
  labelSelector?: string,
  name?: string,
): Promise<Obj[]> {
  if (name !== undefined) {
    // One object, as kubectl asks for it: the server's 404 ("pods.metrics.k8s.io "x" not
    // found", also for a NotReady node that has no metrics) is the answer, printed as is.
    const one = await ctx.cluster.transport.json<Obj>({
      path: `${METRICS}${path}/${encodeURIComponent(name)}`,
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
    return [one];
  }
  try {
    const list = await ctx.cluster.transport.json<{ items?: Obj[] }>({
      path: `${METRICS}${path}`,
      query: { labelSelector },
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
    return list.items ?? [];
  } catch (error) {
    if (isKubeError(error, "not_found") || isKubeError(error, "server_error")) {
      throw new KubeError("unsupported", `Metrics API not available: ${error.message}`, {
        cause: error,
      });
    }
    throw error;
  }
}

function usage(containers: unknown): { cpu: number; memory: number } {
  let cpu = 0;
  let memory = 0;
  for (const c of (Array.isArray(containers) ? containers : []) as Obj[]) {
    const u = (c.usage ?? {}) as Obj;
    cpu += parseQuantity(u.cpu) ?? 0;
    memory += parseQuantity(u.memory) ?? 0;
  }
  return { cpu, memory };
}

async function topPods(ctx: VerbContext): Promise<VerbOutput> {
  const { flags } = ctx.command;
  const path = ctx.allNamespaces
    ? "/pods"
    : `/namespaces/${encodeURIComponent(ctx.namespace)}/pods`;
  const name = ctx.command.args[0];
  let items = await fetchMetrics(ctx, path, flags.string("selector"), name);
  if (items.length === 0) {
    return {
      text: "",
      notes: [
        ctx.allNamespaces
          ? "No resources found"
          : `No resources found in ${ctx.namespace} namespace.`,
      ],
    };
  }
  const sortBy = flags.string("sort-by");
  if (sortBy === "cpu" || sortBy === "memory") {
    items = [...items].sort((a, b) => usage(b.containers)[sortBy] - usage(a.containers)[sortBy]);
  } else {
    // kubectl's default order is its own, not the server's: namespace, then name, as strings
    // ("batch" before "batch-eu", where the API's key order puts "batch-eu/" first).
    const key = (i: Obj): [string, string] => {
      const m = i.metadata as Obj;
      return [ctx.allNamespaces ? String(m.namespace) : "", String(m.name)];
    };
    items = [...items].sort((a, b) => {
      const [an, am] = key(a);
      const [bn, bm] = key(b);
      return an !== bn ? (an < bn ? -1 : 1) : am < bm ? -1 : am > bm ? 1 : 0;
    });
  }
  const containers = flags.bool("containers");
  const header = [
    ...(ctx.allNamespaces ? ["NAMESPACE"] : []),
    ...(containers ? ["POD", "NAME"] : ["NAME"]),
    "CPU(cores)",
    "MEMORY(bytes)",
  ];
  const rows: string[][] = [];
  for (const item of items) {
    const meta = item.metadata as Obj;
    const ns = ctx.allNamespaces ? [String(meta.namespace)] : [];
    if (containers) {
      for (const c of (Array.isArray(item.containers) ? item.containers : []) as Obj[]) {
        const u = usage([c]);
        rows.push([
          ...ns,
          String(meta.name),
          String(c.name),
          formatMilliCpu(u.cpu),
          formatMebibytes(u.memory),
        ]);
      }
    } else {
      const u = usage(item.containers);
      rows.push([...ns, String(meta.name), formatMilliCpu(u.cpu), formatMebibytes(u.memory)]);
    }
  }
  return table(header, rows, flags.bool("no-headers"));
}

async function topNodes(ctx: VerbContext): Promise<VerbOutput> {
  const { flags } = ctx.command;
  const selector = flags.string("selector");
  const name = ctx.command.args[0];
  const items = await fetchMetrics(ctx, "/nodes", selector, name);
  const nodes = await ctx.cluster.transport.json<{ items?: Obj[] }>({
    path: "/api/v1/nodes",
    query: {
      labelSelector: selector,
      fieldSelector: name === undefined ? undefined : `metadata.name=${name}`,
    },
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  const field = flags.bool("show-capacity") ? "capacity" : "allocatable";
  const available = new Map(
    (nodes.items ?? []).map((n) => [
      String((n.metadata as Obj).name),
      ((n.status as Obj | undefined)?.[field] ?? {}) as Obj,
    ]),
  );
  if (name !== undefined && !available.has(name))
    throw new KubeError("not_found", `nodes "${name}" not found`);
  const pct = (used: number, total: unknown): string => {
    const t = parseQuantity(total) ?? 0;
    return t > 0 ? `${Math.floor((used / t) * 100)}%` : "<unknown>";
  };
  const measured = items
    .filter((item) => available.has(String((item.metadata as Obj).name)))
    .map((item) => {
      const nodeName = String((item.metadata as Obj).name);
      const u = (item.usage ?? {}) as Obj;
      const cpu = parseQuantity(u.cpu) ?? 0;
      const memory = parseQuantity(u.memory) ?? 0;
      const alloc = available.get(nodeName) ?? {};
      available.delete(nodeName);
      return {
        cpu,
        memory,
        row: [
          nodeName,
          formatMilliCpu(cpu),
          pct(cpu, alloc.cpu),
          formatMebibytes(memory),
          pct(memory, alloc.memory),
        ],
      };
    });
  const sortBy = flags.string("sort-by");
  if (sortBy === "cpu" || sortBy === "memory") measured.sort((a, b) => b[sortBy] - a[sortBy]);
  // Nodes without metrics (NotReady, just joined) are listed last, as kubectl does.
  const missing = [...available.keys()].map((n) => [
    n,
    "<unknown>",
    "<unknown>",
    "<unknown>",
    "<unknown>",
  ]);
  return table(
    ["NAME", "CPU(cores)", "CPU(%)", "MEMORY(bytes)", "MEMORY(%)"],
    [...measured.map((r) => r.row), ...missing],
    flags.bool("no-headers"),
  );
}

function table(header: string[], rows: string[][], noHeaders: boolean): VerbOutput {
  const lines = [...(noHeaders ? [] : [header.join("\t")]), ...rows.map((r) => r.join("\t"))];
  return {
    text: tabwrite(lines.join("\n"), GET_TABS),
    structured: { kind: "table", tables: [{ kind: "metrics", columns: header, rows }] },
    hint: "-l or a name",
  };
}
