import type { FlagValue } from "./parseFlags";

/** Flag values by long name: plain data, as a `ParsedCommand` carries them. */
export type FlagValues = Readonly<Record<string, FlagValue>>;

/** Typed read access to the flags of a parsed command, by long name. */
export class Flags {
  constructor(private readonly values: FlagValues = {}) {}

  has(name: string): boolean {
    return Object.hasOwn(this.values, name);
  }

  string(name: string): string | undefined {
    const value = this.get(name);
    return typeof value === "string" ? value : undefined;
  }

  int(name: string): number | undefined {
    const value = this.get(name);
    return typeof value === "number" ? value : undefined;
  }

  bool(name: string, fallback = false): boolean {
    const value = this.get(name);
    return typeof value === "boolean" ? value : fallback;
  }

  strings(name: string): string[] {
    const value = this.get(name);
    return Array.isArray(value) ? value : [];
  }

  /** Every flag given, for display and tests. */
  entries(): [string, FlagValue][] {
    return Object.entries(this.values);
  }

  private get(name: string): FlagValue | undefined {
    return this.has(name) ? this.values[name] : undefined;
  }
}
