import type { FlagSpec } from "./flagSpec";
import { GLOBAL_FLAGS } from "./flagSpec";
import type { FlagValue } from "./parseFlags";
import { FlagTable, readFlag } from "./parseFlags";
import { findShellSyntax } from "./shellSyntax";
import { quoteWord, tokenize } from "../../model/tokenize";
import type { VerbSpec } from "./verbs";
import { isGroup, REFUSED_SUBVERBS, REFUSED_VERBS, VERBS } from "./verbs";
import { KubeError } from "../../errors";
import type { FlagValues } from "./flags";

/** Which rule refused a line. */
export type RefusalKind = "shell" | "verb" | "flag" | "file" | "invalid";

export type DryRun = "none" | "client" | "server";

/**
 * A command line the engine can run, as plain data: it survives JSON (a
 * caller keeps it in checkpointed state) and `KubectlEngine.run`/`preview`
 * accept it in place of the line, so a command is parsed once. Read its flags
 * with `new Flags(command.flags)`.
 */
export interface ParsedCommand {
  /** Canonical verb with its sub-verb: `get`, `rollout restart`, `top pod`. */
  verb: string;
  /** Positional arguments after the verb (and sub-verb). */
  args: string[];
  /** Flag values by long name (`namespace`, `output`, `replicas`…), whichever spelling was written. */
  flags: FlagValues;
  /** The namespace from -n/--namespace, when given. */
  namespace?: string;
  /** The words after `kubectl`, re-quoted: what runs and what the user sees. */
  command: string;
  /** `read` for mutating verbs run with --dry-run=client|server: nothing is persisted. */
  classification: "read" | "mutating";
  dryRun: DryRun;
}

export type ParseResult =
  | { ok: true; command: ParsedCommand }
  | {
      ok: false;
      code: "refused" | "usage";
      refusal: RefusalKind;
      message: string;
      /** The verb as far as it was read ("" when none). */
      verb: string;
      command: string;
    };

const NAMESPACE = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
const GLOBAL_TABLE = new FlagTable(GLOBAL_FLAGS);

/**
 * Parses a kubectl command line (with or without a leading `kubectl`) without
 * any I/O. Order matters and is part of the contract: shell syntax is checked
 * on the raw line first, then refused verbs, then flags (where credential and
 * identity overrides are refused), then local files.
 */
export function parseCommand(line: string): ParseResult {
  const shell = findShellSyntax(line);
  if (shell !== undefined) {
    return fail("refused", "shell", `shell syntax is not allowed: ${shell}`, "", line.trim());
  }
  let words: string[];
  try {
    words = tokenize(line);
  } catch (error) {
    const message = error instanceof KubeError ? error.message : String(error);
    return fail("usage", "invalid", message, "", line.trim());
  }
  if (words[0] === "kubectl") words = words.slice(1);
  const command = words.map(quoteWord).join(" ");
  if (words.length === 0) return fail("usage", "invalid", "empty command", "", command);

  const values = new Map<string, FlagValue>();
  const positionals: string[] = [];
  let spec: VerbSpec | undefined;
  let verbWord: string | undefined;
  let table = GLOBAL_TABLE;
  let endOfFlags = false;

  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (!endOfFlags && word === "--") {
      endOfFlags = true;
      continue;
    }
    if (!endOfFlags && word.startsWith("-") && word.length > 1) {
      const problem = readFlag(word, () => words[++i], table, values);
      if (problem) {
        const refusal: RefusalKind = problem.kind === "refused" ? "flag" : "invalid";
        return fail(problem.kind, refusal, problem.message, spec?.name ?? verbWord ?? "", command);
      }
      continue;
    }
    if (spec !== undefined) {
      const refusedSub =
        positionals.length === 0 ? own(REFUSED_SUBVERBS, `${spec.name} ${word}`) : undefined;
      if (refusedSub !== undefined) {
        return fail("refused", "verb", refusedSub, `${spec.name} ${word}`, command);
      }
      positionals.push(word);
      continue;
    }
    // The verb, then the sub-verb of a group.
    if (verbWord === undefined) {
      verbWord = word;
      const refused = own(REFUSED_VERBS, word);
      if (refused !== undefined) return fail("refused", "verb", refused, word, command);
      const entry = own(VERBS, word);
      if (entry === undefined) {
        return fail(
          "refused",
          "verb",
          `unknown command "${word}": only kubectl's built-in commands run, never plugins`,
          word,
          command,
        );
      }
      if (!isGroup(entry)) {
        spec = entry;
        table = verbTable(entry.flags);
      }
      continue;
    }
    const group = own(VERBS, verbWord);
    if (group === undefined || !isGroup(group)) continue;
    const sub = (group.aliases === undefined ? undefined : own(group.aliases, word)) ?? word;
    const refusedSub = own(REFUSED_SUBVERBS, `${verbWord} ${sub}`);
    if (refusedSub !== undefined) {
      return fail("refused", "verb", refusedSub, `${verbWord} ${sub}`, command);
    }
    const subSpec = own(group.subverbs, sub);
    if (subSpec === undefined) {
      const known = Object.keys(group.subverbs).join(", ");
      return fail(
        "refused",
        "verb",
        `"${verbWord} ${word}" is not supported (supported: ${known})`,
        `${verbWord} ${word}`,
        command,
      );
    }
    spec = subSpec;
    table = verbTable(subSpec.flags);
  }

  if (spec === undefined) {
    if (verbWord === undefined) return fail("usage", "invalid", "no command given", "", command);
    const group = own(VERBS, verbWord);
    const known = group !== undefined && isGroup(group) ? Object.keys(group.subverbs) : [];
    return fail(
      "usage",
      "invalid",
      `"${verbWord}" needs one of: ${known.join(", ")}`,
      verbWord,
      command,
    );
  }
  return finishCommand(spec, positionals, Object.fromEntries(values), command);
}

/**
 * The checks that need the whole command (namespace, local files, dry run) and
 * its classification. Shared with `acceptCommand`, which applies them to a
 * `ParsedCommand` handed back by a caller.
 */
export function finishCommand(
  spec: VerbSpec,
  args: string[],
  flags: FlagValues,
  command: string,
): ParseResult {
  const namespace = typeof flags.namespace === "string" ? flags.namespace : undefined;
  if (namespace !== undefined && !NAMESPACE.test(namespace)) {
    return fail("usage", "invalid", `invalid namespace "${namespace}"`, spec.name, command);
  }
  for (const file of Array.isArray(flags.filename) ? flags.filename : []) {
    if (file !== "-") {
      return fail(
        "refused",
        "file",
        `-f ${file}: the engine never reads local files or URLs; pass the manifest beside the command and use -f -`,
        spec.name,
        command,
      );
    }
  }
  const dryRun = typeof flags["dry-run"] === "string" ? flags["dry-run"] : "none";
  if (dryRun !== "none" && dryRun !== "client" && dryRun !== "server") {
    return fail(
      "usage",
      "invalid",
      `invalid --dry-run "${dryRun}": use none, client or server`,
      spec.name,
      command,
    );
  }
  const classification = spec.kind === "mutating" && dryRun === "none" ? "mutating" : "read";
  return {
    ok: true,
    command: {
      verb: spec.name,
      args,
      flags,
      ...(namespace === undefined ? {} : { namespace }),
      command,
      classification,
      dryRun,
    },
  };
}

/** A table entry by a word the model wrote: `constructor` or `toString` is not a verb. */
function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

function verbTable(flags: readonly FlagSpec[]): FlagTable {
  return new FlagTable([...GLOBAL_FLAGS, ...flags]);
}

function fail(
  code: "refused" | "usage",
  refusal: RefusalKind,
  message: string,
  verb: string,
  command: string,
): ParseResult {
  return { ok: false, code, refusal, message, verb, command };
}
