import type { FlagSpec } from "./flagSpec";
import { GLOBAL_FLAGS } from "./flagSpec";
import type { FlagValue } from "./parseFlags";
import { FlagTable, readFlag } from "./parseFlags";
import { findShellSyntax } from "./shellSyntax";
import { quoteWord, tokenize } from "../../model/tokenize";
import type { VerbSpec } from "./verbs";
import { isGroup, REFUSED_SUBVERBS, REFUSED_VERBS, VERBS } from "./verbs";
import { KubeError } from "../../errors";
import { Flags } from "./flags";

/** Which rule refused a line. */
export type RefusalKind = "shell" | "verb" | "flag" | "file" | "invalid";

export type DryRun = "none" | "client" | "server";

/** A command line the engine can run. */
export interface ParsedCommand {
  /** Canonical verb with its sub-verb: `get`, `rollout restart`, `top pod`. */
  verb: string;
  spec: VerbSpec;
  /** Positional arguments after the verb (and sub-verb). */
  args: string[];
  flags: Flags;
  /** The namespace from -n/--namespace, when given. */
  namespace: string | undefined;
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
        positionals.length === 0 ? REFUSED_SUBVERBS[`${spec.name} ${word}`] : undefined;
      if (refusedSub !== undefined) {
        return fail("refused", "verb", refusedSub, `${spec.name} ${word}`, command);
      }
      positionals.push(word);
      continue;
    }
    // The verb, then the sub-verb of a group.
    if (verbWord === undefined) {
      verbWord = word;
      const refused = REFUSED_VERBS[word];
      if (refused !== undefined) return fail("refused", "verb", refused, word, command);
      const entry = VERBS[word];
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
    const group = VERBS[verbWord];
    if (group === undefined || !isGroup(group)) continue;
    const sub = group.aliases?.[word] ?? word;
    const refusedSub = REFUSED_SUBVERBS[`${verbWord} ${sub}`];
    if (refusedSub !== undefined) {
      return fail("refused", "verb", refusedSub, `${verbWord} ${sub}`, command);
    }
    const subSpec = group.subverbs[sub];
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
    const group = VERBS[verbWord];
    const known = group !== undefined && isGroup(group) ? Object.keys(group.subverbs) : [];
    return fail(
      "usage",
      "invalid",
      `"${verbWord}" needs one of: ${known.join(", ")}`,
      verbWord,
      command,
    );
  }
  return finish(spec, positionals, new Flags(values), command);
}

function finish(spec: VerbSpec, args: string[], flags: Flags, command: string): ParseResult {
  const namespace = flags.string("namespace");
  if (namespace !== undefined && !NAMESPACE.test(namespace)) {
    return fail("usage", "invalid", `invalid namespace "${namespace}"`, spec.name, command);
  }
  for (const file of flags.strings("filename")) {
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
  const dryRun = flags.string("dry-run") ?? "none";
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
    command: { verb: spec.name, spec, args, flags, namespace, command, classification, dryRun },
  };
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
