/** What every masked value is replaced with. */
export const REDACTED = "[REDACTED]";

const SECRET_MARKER = /^\[REDACTED: (\d+) bytes\]$/;

/**
 * The stand-in for one Secret data value: it keeps the size (kubectl describe
 * shows sizes, and a size helps tell an empty value from a set one) and nothing
 * else. It cannot be mistaken for base64 because of the brackets and spaces.
 */
export function secretValueMarker(bytes: number): string {
  return `[REDACTED: ${bytes} bytes]`;
}

/** The byte count inside a marker made by `secretValueMarker`, or undefined for anything else. */
export function secretMarkerBytes(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const match = SECRET_MARKER.exec(value);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** True for a value this module produced (so it is never masked twice). */
export function isRedacted(value: string): boolean {
  return value === REDACTED || SECRET_MARKER.test(value);
}
