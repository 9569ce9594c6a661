import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { ScenarioDirError } from "../findScenarios";

const SCRIPT = /\.ya?ml$/i;

/**
 * The script files of one --conversations argument: the file itself, or the
 * `*.yaml` / `*.yml` files directly in the directory, sorted (`_`- and
 * `.`-prefixed ones skipped; subfolders are not scripts: they may hold the
 * scenario folders scripts refer to). Bad usage is a ScenarioDirError.
 */
export function conversationScriptFiles(arg: string): string[] {
  const path = resolve(arg);
  if (!existsSync(path))
    throw new ScenarioDirError(`--conversations ${arg}: no such file or directory`);
  if (statSync(path).isFile()) return [path];
  const files = readdirSync(path, { withFileTypes: true })
    .filter((d) => d.isFile() && SCRIPT.test(d.name) && !/^[_.]/.test(d.name))
    .map((d) => join(path, d.name))
    .sort();
  if (files.length === 0)
    throw new ScenarioDirError(`--conversations ${arg}: no conversation script (*.yaml) in it`);
  return files;
}
