import type { FlagSpec, FlagType } from "./flagSpec";
import { REFUSED_FLAGS } from "./flagSpec";

export type FlagValue = string | number | boolean | string[];

/** Why a word could not be read as a flag. */
export interface FlagProblem {
  kind: "refused" | "usage";
  message: string;
}

/** Looks flags up by long name and by shorthand. */
export class FlagTable {
  private readonly byName = new Map<string, FlagSpec>();
  private readonly byShort = new Map<string, FlagSpec>();

  constructor(specs: readonly FlagSpec[]) {
    for (const spec of specs) {
      this.byName.set(spec.name, spec);
      if (spec.short !== undefined) this.byShort.set(spec.short, spec);
    }
  }

  long(name: string): FlagSpec | undefined {
    return this.byName.get(name);
  }

  short(letter: string): FlagSpec | undefined {
    return this.byShort.get(letter);
  }
}

/**
 * Reads one flag word (and, when the flag takes a value that is not attached,
 * the next word) with pflag's rules. `next()` returns the following word or
 * undefined at the end. Values are collected into `into`.
 */
export function readFlag(
  word: string,
  next: () => string | undefined,
  table: FlagTable,
  into: Map<string, FlagValue>,
): FlagProblem | undefined {
  if (word.startsWith("--")) {
    const eq = word.indexOf("=");
    const name = eq === -1 ? word.slice(2) : word.slice(2, eq);
    const attached = eq === -1 ? undefined : word.slice(eq + 1);
    const refused = refusedFlag(name, `--${name}`);
    if (refused) return refused;
    const spec = table.long(name);
    if (spec === undefined) return { kind: "usage", message: `unknown flag: --${name}` };
    return take(spec, `--${name}`, attached, next, into);
  }
  // Shorthands, possibly combined: -A, -nshop, -n=shop, -Ao wide, -Aowide.
  for (let i = 1; i < word.length; i++) {
    const letter = word[i]!;
    const refused = refusedFlag(letter, `-${letter}`);
    if (refused) return refused;
    const spec = table.short(letter);
    if (spec === undefined) {
      return {
        kind: "usage",
        message: `unknown shorthand flag: '${letter}' in ${word}`,
      };
    }
    const rest = word.slice(i + 1);
    if (spec.type === "bool" || spec.bare !== undefined) {
      if (rest.startsWith("=")) return take(spec, `-${letter}`, rest.slice(1), next, into);
      const problem = take(spec, `-${letter}`, undefined, next, into);
      if (problem) return problem;
      continue;
    }
    const attached = rest.length === 0 ? undefined : rest.startsWith("=") ? rest.slice(1) : rest;
    return take(spec, `-${letter}`, attached, next, into);
  }
  return undefined;
}

/**
 * Checks one flag value of a command handed back as data (`acceptCommand`)
 * with the rules `readFlag` applies to a word: not refused, known to the
 * verb, supported, and a value of the flag's type.
 */
export function checkFlagValue(
  name: string,
  value: unknown,
  table: FlagTable,
): FlagProblem | undefined {
  const shown = `--${name}`;
  const refused = refusedFlag(name, shown);
  if (refused) return refused;
  const spec = table.long(name);
  if (spec === undefined) return { kind: "usage", message: `unknown flag: ${shown}` };
  if (spec.unsupported !== undefined) return { kind: "usage", message: spec.unsupported };
  return isValueOf(spec.type, value)
    ? undefined
    : { kind: "usage", message: `invalid value for ${shown}: ${expected(spec.type)}` };
}

function isValueOf(type: FlagType, value: unknown): boolean {
  switch (type) {
    case "bool":
      return typeof value === "boolean";
    case "int":
      return Number.isSafeInteger(value);
    case "duration":
      return typeof value === "string" && DURATION.test(value);
    case "string":
      return typeof value === "string";
    case "strings":
      return Array.isArray(value) && value.every((v) => typeof v === "string");
  }
}

function refusedFlag(name: string, shown: string): FlagProblem | undefined {
  if (!REFUSED_FLAGS.has(name)) return undefined;
  const impersonation = name === "as" || name === "as-group" || name === "as-uid";
  return {
    kind: "refused",
    message: impersonation
      ? `${shown} impersonates another identity; the engine always acts as the conversation's own credentials`
      : `${shown} would point kubectl at other credentials or another cluster; the engine uses the conversation's context`,
  };
}

function take(
  spec: FlagSpec,
  shown: string,
  attached: string | undefined,
  next: () => string | undefined,
  into: Map<string, FlagValue>,
): FlagProblem | undefined {
  if (spec.unsupported !== undefined) return { kind: "usage", message: spec.unsupported };
  let raw = attached;
  if (raw === undefined) {
    if (spec.type === "bool") raw = "true";
    else if (spec.bare !== undefined) raw = spec.bare;
    else {
      raw = next();
      if (raw === undefined) return { kind: "usage", message: `flag needs an argument: ${shown}` };
    }
  }
  const value = convert(spec.type, raw);
  if (value === undefined) {
    return {
      kind: "usage",
      message: `invalid value "${raw}" for ${shown}: ${expected(spec.type)}`,
    };
  }
  if (spec.type === "strings") {
    const previous = into.get(spec.name);
    const list = Array.isArray(previous) ? previous : [];
    into.set(spec.name, [...list, ...(value as string[])]);
  } else into.set(spec.name, value);
  return undefined;
}

const TRUE = new Set(["1", "t", "T", "true", "TRUE", "True"]);
const FALSE = new Set(["0", "f", "F", "false", "FALSE", "False"]);
/** Go's time.ParseDuration units; `0` alone is allowed. */
const DURATION = /^(?:0|(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))+$/;

function convert(type: FlagType, raw: string): FlagValue | undefined {
  switch (type) {
    case "bool":
      return TRUE.has(raw) ? true : FALSE.has(raw) ? false : undefined;
    case "int":
      return /^-?\d{1,15}$/.test(raw) ? Number(raw) : undefined;
    case "duration":
      return DURATION.test(raw) ? raw : undefined;
    case "string":
      return raw;
    case "strings":
      return raw.split(",").filter((part) => part.length > 0);
  }
}

function expected(type: FlagType): string {
  switch (type) {
    case "bool":
      return "expected true or false";
    case "int":
      return "expected an integer";
    case "duration":
      return "expected a duration such as 30s, 5m or 1h";
    case "string":
    case "strings":
      return "expected text";
  }
}
