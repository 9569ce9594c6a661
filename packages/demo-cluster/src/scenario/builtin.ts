import { readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** packages/demo-cluster/scenarios: one folder per built-in scenario; `_`-prefixed folders are shared bases. */
export const BUILTIN_SCENARIOS_DIR = fileURLToPath(new URL("../../scenarios/", import.meta.url));

/**
 * packages/demo-cluster/conversations: the built-in conversation scripts of
 * the quality suite (read by `kubemedic quality`, docs/quality.md), with the
 * scenario folders only they use under `scenarios/`.
 */
export const BUILTIN_CONVERSATIONS_DIR = fileURLToPath(
  new URL("../../conversations/", import.meta.url),
);

/** The built-in scenarios, sorted; shared bases such as `_base` are not listed. */
export function builtinScenarioNames(): string[] {
  return readdirSync(BUILTIN_SCENARIOS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith("_") && !d.name.startsWith("."))
    .filter((d) => existsSync(join(BUILTIN_SCENARIOS_DIR, d.name, "scenario.yaml")))
    .map((d) => d.name)
    .sort();
}

/** The folder of a built-in scenario (or base); the name is not checked. */
export function builtinScenarioDir(name: string): string {
  return join(BUILTIN_SCENARIOS_DIR, name);
}
