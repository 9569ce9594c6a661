import { formatCpu, parseQuantity } from "../../model/quantity";

/**
 * The sum of quantities printed the way Go's resource.Quantity does for the
 * simple cases describe shows: `0`, whole numbers, millicores (`1500m`), and
 * binary sizes in the largest exact unit (`256Mi`, `1Gi`), else decimal ones.
 */
export function formatQuantity(
  parts: string[],
  kind: "cpu" | "memory",
): { text: string; value: number } {
  const value = parts.reduce((n, q) => n + (parseQuantity(q) ?? 0), 0);
  if (value === 0) return { text: "0", value };
  if (kind === "cpu") return { text: formatCpu(value), value };
  const binary = parts.some((p) => /i$/.test(p));
  if (binary) {
    for (const [suffix, size] of [
      ["Ei", 2 ** 60],
      ["Pi", 2 ** 50],
      ["Ti", 2 ** 40],
      ["Gi", 2 ** 30],
      ["Mi", 2 ** 20],
      ["Ki", 2 ** 10],
    ] as const) {
      if (value % size === 0) return { text: `${value / size}${suffix}`, value };
    }
    return { text: String(value), value };
  }
  for (const [suffix, size] of [
    ["E", 1e18],
    ["P", 1e15],
    ["T", 1e12],
    ["G", 1e9],
    ["M", 1e6],
    ["k", 1e3],
  ] as const) {
    if (value % size === 0) return { text: `${value / size}${suffix}`, value };
  }
  return { text: String(value), value };
}
