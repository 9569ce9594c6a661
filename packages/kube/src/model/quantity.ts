const BINARY: Readonly<Record<string, number>> = {
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};
const DECIMAL: Readonly<Record<string, number>> = {
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
 * apimachinery's quantity grammar: a signed number, then at most one of a
 * binary suffix (`Ki`…`Ei`), a decimal exponent (`e3`, `E-2`) or a decimal
 * suffix (`n`…`E`). An exponent and a suffix together (`1e3Mi`) is not a
 * quantity; `1E` is one exa, `1E3` is a thousand.
 */
const QUANTITY =
  /^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?)$/;

/**
 * A Kubernetes quantity as a number (cores for cpu, bytes for memory):
 * `500m` → 0.5, `1Gi` → 1073741824, `1G` → 1e9, `1e3` → 1000. A number is
 * taken as is (a JSON quantity). Undefined when it is absent or does not
 * parse, so a caller decides what an unreadable value counts as.
 */
export function parseQuantity(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return undefined;
  const m = QUANTITY.exec(value.trim());
  if (m === null) return undefined;
  const n = Number(m[1]);
  if (m[2] !== undefined) return n * 10 ** Number(m[2].slice(1));
  const suffix = m[3] ?? "";
  return n * (BINARY[suffix] ?? DECIMAL[suffix] ?? Number.NaN);
}

/** Bytes in the largest binary unit that keeps it readable: 268435456 → "256Mi", else one decimal ("1.5Gi"). */
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

/** Cores as a quantity prints them: whole cores plain, else millicores (0.5 → "500m", 2 → "2", 1.0001 → "1"). */
export function formatCpu(cores: number): string {
  const millis = Math.round(cores * 1000);
  return millis % 1000 === 0 ? `${millis / 1000}` : `${millis}m`;
}

/** CPU cores as kubectl top prints them: whole millicores, rounded up like MilliValue() (`250m`). */
export function formatMilliCpu(cores: number): string {
  // Round away float noise first (0.412 * 1000 is 412.00000000000006), then up.
  return `${Math.ceil(Math.round(cores * 1e9) / 1e6)}m`;
}

/** Bytes as kubectl top prints memory: whole mebibytes, rounded down (`123Mi`). */
export function formatMebibytes(bytes: number): string {
  return `${Math.floor(bytes / 2 ** 20)}Mi`;
}
