import { createHash } from "node:crypto";

/**
 * A UUID-shaped uid derived from the object's identity, so that a scenario
 * written without uids gets the same uids on every load (and two scenarios
 * that share an object agree on it).
 */
export function deterministicUid(identity: string): string {
  const h = createHash("sha1").update(identity).digest("hex");
  const variant = ((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Random hex, for tokens and generated name suffixes. */
export function randomSuffix(length: number, alphabet = "bcdfghjklmnpqrstvwxz2456789"): string {
  let out = "";
  for (let i = 0; i < length; i++)
    out += alphabet[Math.floor(Math.random() * alphabet.length)] ?? "x";
  return out;
}
