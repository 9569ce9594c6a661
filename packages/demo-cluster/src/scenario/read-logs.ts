import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { DemoClusterError } from "../errors";
import type { ScenarioLog } from "./scenario";

/**
 * Reads logs/<namespace>/<pod>/<container>.log and `.previous.log`. Any other
 * layout is an error, so a misplaced file is noticed at load instead of
 * silently serving an empty log.
 */
export async function readLogs(scenarioDir: string): Promise<ScenarioLog[]> {
  const root = join(scenarioDir, "logs");
  const files = await listFiles(root);
  const logs: ScenarioLog[] = [];
  for (const file of files) {
    const rel = relative(root, file).split(/[\\/]/);
    const [namespace, pod, base] = rel;
    const match = base === undefined ? null : /^(.+?)(\.previous)?\.log$/.exec(base);
    if (rel.length !== 3 || namespace === undefined || pod === undefined || match === null) {
      throw new DemoClusterError(
        "scenario_invalid",
        "log files must be logs/<namespace>/<pod>/<container>.log or <container>.previous.log",
        { file },
      );
    }
    logs.push({
      namespace,
      pod,
      container: match[1] ?? "",
      previous: match[2] !== undefined,
      text: await readFile(file, "utf8"),
      file,
    });
  }
  return logs;
}

async function listFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    const full = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await listFiles(full)));
    else if (e.isFile() && !e.name.startsWith(".")) out.push(full);
  }
  return out.sort();
}
