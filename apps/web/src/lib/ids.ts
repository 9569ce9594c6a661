/**
 * A random id for `clientMessageId`. `crypto.randomUUID` exists only in secure
 * contexts, and kubemedic is often opened over plain http on a LAN address, so
 * this uses `getRandomValues`, which works everywhere.
 */
export function randomId(prefix = "m"): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return `${prefix}-${out}`;
}

/** A conversation title from the first question: its first line, at most 80 characters. */
export function titleFrom(text: string): string {
  const line = text.trim().split("\n", 1)[0]?.trim() ?? "";
  if (line === "") return "New conversation";
  return line.length <= 80 ? line : `${line.slice(0, 79).trimEnd()}…`;
}
