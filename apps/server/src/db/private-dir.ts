import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { ServerError } from "../errors";
import type { Logger } from "../logger";

/** Owner only: a data dir holds the database and the login token. */
const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export interface PrivateDir {
  /** True when this call created it (with mode 0700). */
  created: boolean;
  /** Its permission bits, e.g. 0o755, after the call. */
  mode: number;
  /** True when group or others may read, write or enter it. */
  loose: boolean;
}

/**
 * Creates `dir` (and missing parents) readable by its owner only. An existing
 * directory is left as it is, only reported: it may be a folder the operator
 * chose and shares on purpose; the caller warns when it is `loose`.
 */
export function ensurePrivateDir(dir: string): PrivateDir {
  let created = false;
  try {
    statSync(dir);
  } catch {
    // recursive: parents too; their modes are the operator's business.
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    // mkdir's mode is filtered by the umask; state it exactly.
    chmodSync(dir, PRIVATE_DIR_MODE);
    created = true;
  }
  const mode = statSync(dir).mode & 0o777;
  return { created, mode, loose: (mode & 0o077) !== 0 };
}

/**
 * Makes every directory under `dir` 0700 and every file 0600 (`dir` itself
 * included). PGlite creates its files 0666 whatever the umask; the 0700 data
 * dir already keeps others out, this removes the second way in. Symbolic
 * links are not followed. Returns how many entries it changed.
 */
export function tightenTree(dir: string): number {
  let changed = 0;
  const walk = (path: string, isDir: boolean) => {
    const want = isDir ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    const mode = lstatSync(path).mode & 0o777;
    if (mode !== want) {
      chmodSync(path, want);
      changed++;
    }
    if (!isDir) return;
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isSymbolicLink()) continue;
      walk(join(path, entry.name), entry.isDirectory());
    }
  };
  walk(dir, true);
  return changed;
}

/**
 * The data dir at start: created 0700 when missing; a warning when an existing
 * one lets group or others in (the embedded database and the login token are
 * inside). A directory that cannot be created is `data_dir_unwritable`.
 */
export function preparePrivateDataDir(dataDir: string, logger: Logger): void {
  let dir: PrivateDir;
  try {
    dir = ensurePrivateDir(dataDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    throw new ServerError(
      "data_dir_unwritable",
      `cannot write to the data dir ${dataDir} (${code})`,
      { hint: "point KUBEMEDIC_DATA_DIR or --data-dir at a writable directory", cause: error },
    );
  }
  if (dir.loose) {
    const mode = dir.mode.toString(8).padStart(4, "0");
    logger.warn(
      { dataDir, mode },
      `the data dir ${dataDir} is open to other users (mode ${mode}); it holds the database and the login token: chmod 700 it`,
    );
  }
}
