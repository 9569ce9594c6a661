import type { FlagValue } from "./parseFlags";

/** Typed read access to the flags of a parsed command, by long name. */
export class Flags {
  constructor(private readonly values: ReadonlyMap<string, FlagValue> = new Map()) {}

  has(name: string): boolean {
    return this.values.has(name);
  }

  string(name: string): string | undefined {
    const value = this.values.get(name);
    return typeof value === "string" ? value : undefined;
  }

  int(name: string): number | undefined {
    const value = this.values.get(name);
    return typeof value === "number" ? value : undefined;
  }

  bool(name: string, fallback = false): boolean {
    const value = this.values.get(name);
    return typeof value === "boolean" ? value : fallback;
  }

  strings(name: string): string[] {
    const value = this.values.get(name);
    return Array.isArray(value) ? value : [];
  }

  /** Every flag given, for display and tests. */
  entries(): [string, FlagValue][] {
    return [...this.values.entries()];
  }
}
