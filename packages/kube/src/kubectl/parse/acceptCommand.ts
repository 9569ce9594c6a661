import { GLOBAL_FLAGS } from "./flagSpec";
import { Flags } from "./flags";
import { checkFlagValue, FlagTable } from "./parseFlags";
import type { ParsedCommand, ParseResult } from "./parseCommand";
import { finishCommand, parseCommand } from "./parseCommand";
import type { VerbSpec } from "./verbs";
import { REFUSED_SUBVERBS, verbSpec } from "./verbs";

/** A parsed command as the verbs read it: its verb's spec and typed access to its flags. */
export interface CommandView extends Omit<ParsedCommand, "flags"> {
  spec: VerbSpec;
  flags: Flags;
}

type Failure = Extract<ParseResult, { ok: false }>;

export type AcceptResult = { ok: true; command: ParsedCommand; view: CommandView } | Failure;

/**
 * What the engine runs, from a command line or from a `ParsedCommand` handed
 * back (kept in a caller's state, restored from a checkpoint). A line is
 * parsed; a handed-back command is never read as a line again, but it is plain
 * data anyone could have written, so it passes the parser's rules once more:
 * a known verb (no refused sub-verb), only flags that verb takes, none refused,
 * each value of its flag's type, and the namespace, local-file and dry-run
 * checks. Its namespace and classification are derived again, not trusted.
 */
export function acceptCommand(input: string | ParsedCommand): AcceptResult {
  const parsed = typeof input === "string" ? parseCommand(input) : recheck(input);
  if (!parsed.ok) return parsed;
  const command = parsed.command;
  // parseCommand and recheck only succeed for a verb with a spec.
  const spec = verbSpec(command.verb) as VerbSpec;
  return { ok: true, command, view: { ...command, spec, flags: new Flags(command.flags) } };
}

function recheck(input: ParsedCommand): ParseResult {
  const c = input as Partial<Record<keyof ParsedCommand, unknown>>;
  const command = typeof c.command === "string" ? c.command : "";
  const verb = typeof c.verb === "string" ? c.verb : "";
  const fail = (code: Failure["code"], refusal: Failure["refusal"], message: string): Failure => ({
    ok: false,
    code,
    refusal,
    message,
    verb,
    command,
  });
  const spec = verbSpec(verb);
  if (spec === undefined) return fail("refused", "verb", `unknown command "${verb}"`);
  const args = c.args;
  if (!Array.isArray(args) || !args.every((a): a is string => typeof a === "string")) {
    return fail("usage", "invalid", "the arguments must be a list of words");
  }
  const first = args[0];
  const refusedSub =
    first !== undefined && Object.hasOwn(REFUSED_SUBVERBS, `${verb} ${first}`)
      ? REFUSED_SUBVERBS[`${verb} ${first}`]
      : undefined;
  if (refusedSub !== undefined) return fail("refused", "verb", refusedSub);
  const flags = c.flags;
  if (flags === null || typeof flags !== "object" || Array.isArray(flags)) {
    return fail("usage", "invalid", "the flags must be an object of values by name");
  }
  const table = new FlagTable([...GLOBAL_FLAGS, ...spec.flags]);
  for (const [name, value] of Object.entries(flags)) {
    const problem = checkFlagValue(name, value, table);
    if (problem) {
      return fail(problem.kind, problem.kind === "refused" ? "flag" : "invalid", problem.message);
    }
  }
  return finishCommand(spec, [...args], { ...(flags as ParsedCommand["flags"]) }, command);
}
