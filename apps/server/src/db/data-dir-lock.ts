import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { ServerError } from "../errors";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "./private-dir";

/**
 * PGlite has no lock of its own: two processes opening the same directory
 * corrupt it. A lock file holding our pid stops the second one with a clear
 * message; a lock left by a process that no longer exists is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, "kubemedic.lock");
  try {
    ensurePrivateDir(dataDir);
  } catch (error) {
    throw unwritable(dataDir, error);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", PRIVATE_FILE_MODE);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw unwritable(dataDir, error);
      const owner = Number(readFileSync(file, "utf8").trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new ServerError(
          "data_dir_locked",
          `the data dir ${dataDir} is in use by another kubemedic (pid ${owner})`,
          { hint: "stop that process, or give this one its own --data-dir / KUBEMEDIC_DATA_DIR" },
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new ServerError("data_dir_locked", `could not lock the data dir ${dataDir}`, {
    hint: `remove ${file} if no kubemedic is running`,
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function unwritable(dataDir: string, error: unknown): ServerError {
  const code = (error as NodeJS.ErrnoException).code ?? "error";
  return new ServerError(
    "data_dir_unwritable",
    `cannot write to the data dir ${dataDir} (${code})`,
    {
      hint: "point KUBEMEDIC_DATA_DIR or --data-dir at a writable directory",
      cause: error,
    },
  );
}
