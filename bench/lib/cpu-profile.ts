/**
 * A `node --cpu-prof` profile summed up for a bench report: the share of
 * busy samples (idle excluded) by area — a dependency package or one of our
 * source files, with the Node internals and native code it called charged to
 * it (a socket write counts for `ws`, not for "node internals"); what no
 * package called stays Node's, the garbage collector's or V8's — and the
 * hottest functions by self time.
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  /** Node id of each sample, and the µs since the previous one (the first: since startTime). */
  samples: number[];
  timeDeltas: number[];
}

export interface CpuShare {
  name: string;
  /** Share of the busy samples, 0..1. */
  share: number;
}

/** Where a function lives: a package under node_modules, a file of ours, Node, or a V8 pseudo-frame. */
function areaOf(url: string, functionName: string): string {
  if (url === "") return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:")) return "node internals";
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg !== null) return pkg[1] as string;
  const ours = /\/((?:apps|packages)\/[^/]+)\/src\/(.+)$/.exec(url);
  if (ours !== null) return `${ours[1]}: ${ours[2]}`;
  return url.replace(/^file:\/\//, "");
}

function top(map: Map<string, number>, total: number, n: number): CpuShare[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, hits]) => ({ name, share: hits / total }));
}

/**
 * The busy share by area and the hottest functions of a .cpuprofile file,
 * from `fromMs` after the profile started (start-up and module compilation
 * left out).
 */
export function summarizeCpuProfile(
  file: string,
  fromMs = 0,
  n = 10,
): { areas: CpuShare[]; functions: CpuShare[]; samples: number } {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const hitsOf = new Map<number, number>();
  let t = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t >= fromMs * 1000) hitsOf.set(id, (hitsOf.get(id) ?? 0) + 1);
  });
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const c of node.children ?? []) parentOf.set(c, node.id);
  /** The nearest frame (this one or a caller) that is a package's or ours. */
  const ownerOf = (node: ProfileNode): string => {
    const own = areaOf(node.callFrame.url, node.callFrame.functionName);
    for (let id: number | undefined = node.id; id !== undefined; id = parentOf.get(id)) {
      const f = (byId.get(id) as ProfileNode).callFrame;
      const area = areaOf(f.url, f.functionName);
      if (f.url !== "" && !f.url.startsWith("node:")) return area;
    }
    return own;
  };
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const hits = hitsOf.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (hits === 0 || functionName === "(idle)") continue;
    total += hits;
    const area = areaOf(url, functionName);
    const owner = ownerOf(node);
    areas.set(owner, (areas.get(owner) ?? 0) + hits);
    const fn = `${functionName || "(anonymous)"} (${area}${url === "" ? "" : `:${lineNumber + 1}`})`;
    functions.set(fn, (functions.get(fn) ?? 0) + hits);
  }
  return { areas: top(areas, total, n), functions: top(functions, total, n), samples: total };
}
