import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ScenarioDirError, scenarioFolders } from "./findScenarios";

const root = mkdtempSync(join(tmpdir(), "kubemedic-find-scenarios-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const folder = (path: string, files: string[]): string => {
  const dir = join(root, path);
  mkdirSync(dir, { recursive: true });
  for (const f of files) writeFileSync(join(dir, f), "");
  return dir;
};

describe("scenarioFolders", () => {
  it("takes a folder that is a scenario as itself", () => {
    const dir = folder("single", ["scenario.yaml", "cluster.yaml"]);
    expect(scenarioFolders(dir)).toEqual([{ label: "single", dir }]);
  });

  it("lists the scenario subfolders of a directory, sorted, without shared bases or strays", () => {
    folder("many/b", ["scenario.yaml"]);
    folder("many/a", ["scenario.yaml"]);
    folder("many/_base", ["scenario.yaml"]);
    folder("many/notes", ["README.md"]);
    // cluster.yaml without scenario.yaml: kept, so the loader can say what is missing.
    folder("many/c-half", ["cluster.yaml"]);
    expect(scenarioFolders(join(root, "many")).map((f) => f.label)).toEqual(["a", "b", "c-half"]);
  });

  it("refuses a missing directory and one without scenarios", () => {
    expect(() => scenarioFolders(join(root, "absent"))).toThrow(ScenarioDirError);
    folder("empty/notes", ["README.md"]);
    expect(() => scenarioFolders(join(root, "empty"))).toThrow(/no scenario\.yaml found/);
  });
});
