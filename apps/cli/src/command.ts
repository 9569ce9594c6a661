/** One CLI sub-command. `run` returns the process exit code. */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  run(args: string[]): Promise<number>;
}

/** A usage error: printed with the command's usage line, exit code 2. */
export class UsageError extends Error {
  override name = "UsageError";
}
