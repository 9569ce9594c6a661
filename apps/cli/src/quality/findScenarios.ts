import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";

/** A scenario folder to run. */
export interface ScenarioFolder {
  /** The folder's name (the row's label until scenario.yaml says otherwise). */
  label: string;
  dir: string;
}

/** A --scenarios argument that cannot be used: bad usage, not a failed scenario. */
export class ScenarioDirError extends Error {
  override name = "ScenarioDirError";
}

const looksLikeScenario = (dir: string): boolean =>
  existsSync(join(dir, "scenario.yaml")) || existsSync(join(dir, "cluster.yaml"));

/**
 * The scenario folders of one --scenarios argument: the directory itself when
 * it is a scenario (it holds scenario.yaml or cluster.yaml), else its
 * subfolders that are, sorted; `_`- and `.`-prefixed folders are shared bases
 * and are skipped, as for the built-ins. A folder with cluster.yaml but no
 * scenario.yaml is kept, so the loader can say what is missing.
 */
export function scenarioFolders(arg: string): ScenarioFolder[] {
  const dir = resolve(arg);
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new ScenarioDirError(`--scenarios ${arg}: no such directory`);
  if (looksLikeScenario(dir)) return [{ label: basename(dir), dir }];
  const found = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith("_") && !d.name.startsWith("."))
    .map((d) => ({ label: d.name, dir: join(dir, d.name) }))
    .filter((f) => looksLikeScenario(f.dir))
    .sort((a, b) => (a.label < b.label ? -1 : 1));
  if (found.length === 0)
    throw new ScenarioDirError(
      `--scenarios ${arg}: neither a scenario folder nor a directory of scenario folders (no scenario.yaml found)`,
    );
  return found;
}
