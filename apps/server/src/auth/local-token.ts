import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ensurePrivateDir } from "../db/private-dir";
import { ServerError } from "../errors";

/** Where a generated token is kept: `<data dir>/auth-token`, readable by its owner only. */
const TOKEN_FILE = "auth-token";

export interface AuthToken {
  token: string;
  /** `env`: KUBEMEDIC_AUTH_TOKEN; `generated`: created by this start; `stored`: read from the data dir. */
  source: "env" | "generated" | "stored";
  /** The file holding a generated token (undefined for `env`). */
  file: string | undefined;
}

/**
 * The token that signs users in. KUBEMEDIC_AUTH_TOKEN wins; otherwise the one
 * generated on the first start and kept under the data dir (mode 0600), so the
 * login link and the cookies it set stay valid across restarts. Delete the
 * file to revoke every session.
 */
export function resolveAuthToken(configured: string | undefined, dataDir: string): AuthToken {
  if (configured !== undefined) return { token: configured, source: "env", file: undefined };
  const file = join(dataDir, TOKEN_FILE);
  try {
    if (existsSync(file)) {
      const stored = readFileSync(file, "utf8").trim();
      if (/^[\x21-\x7e]{16,512}$/.test(stored)) return { token: stored, source: "stored", file };
    }
    ensurePrivateDir(dataDir);
    const token = randomBytes(24).toString("base64url");
    writeFileSync(file, `${token}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    return { token, source: "generated", file };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    throw new ServerError(
      "data_dir_unwritable",
      `cannot keep the login token in ${file} (${code})`,
      {
        hint: "point KUBEMEDIC_DATA_DIR or --data-dir at a writable directory, or set KUBEMEDIC_AUTH_TOKEN",
        cause: error,
      },
    );
  }
}
