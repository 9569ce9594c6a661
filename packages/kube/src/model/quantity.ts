const BINARY: Record<string, number> = {
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};
const DECIMAL: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  "": 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
};

/**
 * A Kubernetes quantity as a number (cores for cpu, bytes for memory):
 * `500m` → 0.5, `1Gi` → 1073741824, `1G` → 1e9, `1e3` → 1000. Undefined
 * when it does not parse.
 */
export function parseQuantity(value: string | number | undefined | null): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number") return value;
  const m =
    /^([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?$/.exec(
      value.trim(),
    );
  if (m === null) return undefined;
  const n = Number(m[1]);
  const suffix = m[2] ?? "";
  const factor = BINARY[suffix] ?? DECIMAL[suffix];
  return factor === undefined ? undefined : n * factor;
}

/** Bytes in the largest binary unit that keeps it readable: 268435456 → "256Mi". */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ["Gi", 2 ** 30],
    ["Mi", 2 ** 20],
    ["Ki", 2 ** 10],
  ] as const)
    if (bytes >= size && Number.isInteger(bytes / size)) return `${bytes / size}${unit}`;
  for (const [unit, size] of [
    ["Gi", 2 ** 30],
    ["Mi", 2 ** 20],
  ] as const)
    if (bytes >= size) return `${Math.round((bytes / size) * 10) / 10}${unit}`;
  return `${bytes}`;
}

/** Cores as kubectl prints them: 0.5 → "500m", 2 → "2". */
export function formatCpu(cores: number): string {
  return Number.isInteger(cores) ? `${cores}` : `${Math.round(cores * 1000)}m`;
}
