import type { ResourceChange, ResourceName } from "./ActionRequest";
import type { ActionMatch, ActionText } from "./ActionText";

/** A Kubernetes quantity as people write it: `512Mi`, `1Gi`, `500m`, `0.5`, `2`, `1 GiB`, `512MB`. */
const QUANTITY =
  /(\d+(?:\.\d+)?)\s*(gib|mib|kib|tib|gb|mb|kb|gi|mi|ki|ti|g|m|k|t|cores?|核)?(?![a-z])/i;

/**
 * "bump cart's memory limit to 512Mi", "give it a cpu request of 500m",
 * "limit its memory to 1Gi", "set requests cpu=100m,memory=128Mi on api";
 * "把它的内存限制提高到 1Gi", "把 search-api 的 CPU 请求设为 500m".
 * Memory named without "limit"/"request" is the limit (what an OOM kill
 * needs); CPU so named is the request (what scheduling and an HPA read).
 */
export function matchResources(t: ActionText): ActionMatch | undefined {
  if (!/\b(?:cpu|memory|mem|ram)\b|内存|处理器|cpu/i.test(t.raw)) return undefined;
  if (!t.zh) {
    const verb =
      /^(?:set|bump|raise|increase|lower|decrease|reduce|give|limit|change|update|double|halve|cap|allocate|request|make|up|add|adjust)\b/;
    if (!verb.test(t.body)) return undefined;
  } else if (!/设|改|调|提高|提升|提到|升到|增加|加到|加大|放宽|降低|减少|降到|限制|给/.test(t.raw))
    return undefined;
  const resources: ResourceChange = { limits: {}, requests: {} };
  const exclude: string[] = [];
  let resource: ResourceName | undefined;
  let bucket: "limits" | "requests" | undefined;
  // Clause by clause: "cpu request of 500m and memory limit 1Gi".
  for (const clause of t.raw.split(/\band\b|,|，|、|;|；|以及|并且|并|和|同时/i)) {
    const r = /\b(?:memory|mem|ram)\b|内存/i.test(clause)
      ? "memory"
      : /\bcpu\b|处理器|cpu/i.test(clause)
        ? "cpu"
        : resource;
    const b = /\brequests?\b|请求|预留|request/i.test(clause)
      ? "requests"
      : /\blimits?\b|\bcap\b|\bmax(?:imum)?\b|上限|限制|限额/i.test(clause)
        ? "limits"
        : undefined;
    const q = QUANTITY.exec(clause.replace(/\b(?:cpu|memory|mem|ram)\s*=\s*/gi, " "));
    resource = r;
    if (b !== undefined) bucket = b;
    if (q === null || r === undefined) continue;
    const value = quantity(q[1] ?? "", q[2], r);
    if (value === undefined) continue;
    const to = b ?? bucket ?? (r === "memory" ? "limits" : "requests");
    resources[to][r] = value;
    exclude.push(q[0].toLowerCase().replace(/\s+/g, ""), value.toLowerCase());
  }
  if (Object.keys(resources.limits).length + Object.keys(resources.requests).length === 0)
    return undefined;
  return { verb: "set-resources", resources, exclude };
}

function quantity(n: string, unit: string | undefined, r: ResourceName): string | undefined {
  const u = (unit ?? "").toLowerCase();
  if (r === "cpu") {
    if (u === "" || u.startsWith("core") || u === "核") return n;
    if (u === "m") return `${n}m`;
    return undefined;
  }
  const MEMORY: Record<string, string> = {
    gib: "Gi",
    gi: "Gi",
    mib: "Mi",
    mi: "Mi",
    kib: "Ki",
    ki: "Ki",
    tib: "Ti",
    ti: "Ti",
    gb: "G",
    g: "G",
    mb: "M",
    // "512m" of memory is millibytes to Kubernetes, and never what anyone means.
    m: "Mi",
    kb: "k",
    k: "k",
    t: "T",
  };
  if (u === "") return /^\d+$/.test(n) && Number(n) >= 1024 ? n : undefined;
  const suffix = MEMORY[u];
  return suffix === undefined ? undefined : `${n}${suffix}`;
}
