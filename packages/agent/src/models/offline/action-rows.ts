import { kindOfType } from "../../understand/actions/kubectlType";
import type { ObjectRow } from "../../understand/actions/ObjectRow";
import type { ToolStep } from "./turn-view";

interface Table {
  kind?: string;
  columns: string[];
  rows: string[][];
}

/**
 * The objects of a lookup listing (`get deployments,statefulsets -A -o wide`,
 * `get nodes`): from the engine's structured tables when the artifact kept
 * them, else from the printed text (a large listing keeps only its text).
 */
export function objectRows(step: ToolStep, fallbackKind: string | undefined): ObjectRow[] {
  const structured = (step.artifact?.structured as { tables?: unknown } | undefined)?.tables;
  const tables = Array.isArray(structured) ? (structured as Table[]) : textTables(step.content);
  return tables.flatMap((t) => tableRows(t, fallbackKind));
}

function tableRows(t: Table, fallbackKind: string | undefined): ObjectRow[] {
  const col = (name: string): number => t.columns.indexOf(name);
  const [nameCol, nsCol, readyCol] = [col("NAME"), col("NAMESPACE"), col("READY")];
  const [containersCol, imagesCol] = [col("CONTAINERS"), col("IMAGES")];
  if (nameCol < 0) return [];
  return t.rows.flatMap((row) => {
    const cell = row[nameCol] ?? "";
    const slash = cell.lastIndexOf("/");
    const type = slash >= 0 ? cell.slice(0, slash) : (t.kind ?? "");
    const kind = kindOfType(type) ?? fallbackKind;
    const name = slash >= 0 ? cell.slice(slash + 1) : cell;
    if (kind === undefined || name === "") return [];
    const desired = /^\d+\/(\d+)$/.exec(row[readyCol] ?? "")?.[1];
    const names = (row[containersCol] ?? "").split(",").filter((n) => n !== "");
    const images = (row[imagesCol] ?? "").split(",");
    const out: ObjectRow = {
      kind,
      name,
      ...(nsCol >= 0 && row[nsCol] ? { namespace: row[nsCol] } : {}),
      ...(desired !== undefined && kind !== "Pod" ? { replicas: Number(desired) } : {}),
      ...(containersCol >= 0 && imagesCol >= 0
        ? { containers: names.map((n, i) => ({ name: n, image: images[i] ?? "" })) }
        : {}),
    };
    return [out];
  });
}

/**
 * kubectl's printed tables, one per blank-line-separated block: columns start
 * where the header's words do (a header word may hold one space: `LAST SCHEDULE`).
 */
function textTables(text: string): Table[] {
  const tables: Table[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("…"));
    const header = lines[0];
    if (header === undefined || !/^[A-Z]/.test(header)) continue;
    const starts = [...header.matchAll(/\S+(?: \S+)*/g)].map((m) => m.index ?? 0);
    const columns = starts.map((s, i) => header.slice(s, starts[i + 1]).trim());
    const rows = lines.slice(1).map((l) => starts.map((s, i) => l.slice(s, starts[i + 1]).trim()));
    tables.push({ columns, rows });
  }
  return tables;
}
