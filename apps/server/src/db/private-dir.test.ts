import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { ensurePrivateDir, preparePrivateDataDir, tightenTree } from "./private-dir";

const scratch = mkdtempSync(join(tmpdir(), "kubemedic-private-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe("the data dir's permissions", () => {
  it("creates a missing data dir 0700, whatever the umask", () => {
    const dir = join(scratch, "new", "data");
    expect(ensurePrivateDir(dir)).toEqual({ created: true, mode: 0o700, loose: false });
    expect(modeOf(dir)).toBe(0o700);
  });

  it("leaves an existing dir as it is, and warns at start when it is open to others", () => {
    const dir = join(scratch, "shared");
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    const lines: string[] = [];
    preparePrivateDataDir(dir, createLogger("info", { write: (l: string) => lines.push(l) }));
    expect(modeOf(dir)).toBe(0o755);
    expect(lines.map((l) => JSON.parse(l) as { level: string; mode: string })).toEqual([
      expect.objectContaining({ level: "warn", mode: "0755" }),
    ]);
  });

  it("is the regression for world-readable database files: every file becomes 0600, every dir 0700", () => {
    const dir = join(scratch, "pglite");
    mkdirSync(join(dir, "base", "1"), { recursive: true });
    writeFileSync(join(dir, "PG_VERSION"), "17\n", { mode: 0o666 });
    writeFileSync(join(dir, "base", "1", "1259"), "", { mode: 0o644 });
    chmodSync(join(dir, "PG_VERSION"), 0o666);
    chmodSync(join(dir, "base"), 0o755);
    expect(tightenTree(dir)).toBeGreaterThanOrEqual(3);
    expect(modeOf(join(dir, "PG_VERSION"))).toBe(0o600);
    expect(modeOf(join(dir, "base", "1", "1259"))).toBe(0o600);
    expect(modeOf(join(dir, "base"))).toBe(0o700);
    expect(tightenTree(dir)).toBe(0);
  });
});
