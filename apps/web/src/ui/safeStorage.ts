/**
 * localStorage that never throws and never trusts what it reads: a value may be
 * missing, `"null"`, truncated JSON, another version's shape, or the storage
 * itself may be unavailable (private mode, a sandboxed iframe, quota full).
 * Every read goes through a guard and falls back to a default.
 */
export interface KeyValueStorage {
  getItem: (key: string) => string | null;
  setItem: (key: string, value: string) => void;
  removeItem: (key: string) => void;
}

/** The page's localStorage, or null where touching it throws. */
export function browserStorage(): KeyValueStorage | null {
  try {
    const storage = globalThis.localStorage;
    return storage === undefined ? null : storage;
  } catch {
    return null;
  }
}

/** Reads `key` as JSON and returns `guard(value)`, or `fallback` for anything unusable. */
export function readJson<T>(
  storage: KeyValueStorage | null,
  key: string,
  guard: (value: unknown) => T | undefined,
  fallback: T,
): T {
  if (storage === null) return fallback;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return fallback;
  }
  if (raw === null) return fallback;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return fallback;
  }
  try {
    return guard(value) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Writes `value` as JSON; false when the storage refused (quota, disabled). */
export function writeJson(storage: KeyValueStorage | null, key: string, value: unknown): boolean {
  if (storage === null) return false;
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A string of at most `max` characters, or undefined. */
export function boundedString(value: unknown, max: number): string | undefined {
  return typeof value === "string" && value.length <= max ? value : undefined;
}
