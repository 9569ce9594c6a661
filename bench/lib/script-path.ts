import { fileURLToPath } from "node:url";

/**
 * The file behind a package's export, for a bench that runs it as its own process
 * (`node --import tsx <file>`) rather than importing it.
 */
export function scriptPath(specifier: string): string {
  return fileURLToPath(import.meta.resolve(specifier));
}
