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

/** A Kubernetes quantity (`250m`, `1.5Gi`, `128974848`, `1e3`) as a number; NaN when unreadable. */
export function parseQuantity(text: unknown): number {
  if (typeof text === "number") return text;
  if (typeof text !== "string") return Number.NaN;
  const match =
    /^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?)$/.exec(
      text.trim(),
    );
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  if (match[2] !== undefined) return value * 10 ** Number(match[2].slice(1));
  const suffix = match[3] ?? "";
  return value * (BINARY[suffix] ?? DECIMAL[suffix] ?? Number.NaN);
}

/** CPU cores as kubectl top prints them: whole millicores (`250m`). */
export function formatMilliCpu(cores: number): string {
  // Round away float noise first (0.412 * 1000 is 412.00000000000006), then up, like MilliValue().
  return `${Math.ceil(Math.round(cores * 1e9) / 1e6)}m`;
}

/** Bytes as kubectl top prints memory: whole mebibytes (`123Mi`). */
export function formatMebibytes(bytes: number): string {
  return `${Math.floor(bytes / 2 ** 20)}Mi`;
}
