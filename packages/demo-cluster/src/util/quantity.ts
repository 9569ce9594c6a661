/**
 * Kubernetes resource quantities ("500m", "2", "256Mi", "1G") as numbers:
 * cores for CPU, bytes for memory. NaN for text that is not a quantity.
 */
const SUFFIX: Record<string, number> = {
  "": 1,
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

const QUANTITY =
  /^([+-]?\d+(?:\.\d+)?|[+-]?\.\d+)(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?)$/;

export function parseQuantity(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return Number.NaN;
  const match = QUANTITY.exec(value.trim());
  if (match === null) return Number.NaN;
  const base = Number(match[1]);
  if (match[2] !== undefined) return base * 10 ** Number(match[2].slice(1));
  return base * (SUFFIX[match[3] ?? ""] ?? Number.NaN);
}

/** "250m" for a quarter core, "2" for two: how kubectl shows CPU. */
export function formatCpu(cores: number): string {
  const milli = Math.round(cores * 1000);
  return milli % 1000 === 0 ? String(milli / 1000) : `${milli}m`;
}

/** "512Mi", "2Gi": the largest binary unit that divides the value evenly. */
export function formatMemory(bytes: number): string {
  for (const [unit, size] of [
    ["Gi", 2 ** 30],
    ["Mi", 2 ** 20],
    ["Ki", 2 ** 10],
  ] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size}${unit}`;
  }
  return String(Math.round(bytes));
}
