/** @default 200 characters: about two lines of the chat column. */
const MAX = 200;

/**
 * The lead of an answer that a report card follows: its first sentence (a
 * heading's marks dropped), cut at a word past 200 characters. The card holds
 * the rest, so the chat says it once.
 */
export function leadOf(text: string): string {
  const firstLine =
    text
      .split("\n")
      .map((l) => l.replace(/^#{1,6}\s+/, "").trim())
      .find((l) => l !== "") ?? "";
  const sentence = /^(.+?[.!?])(?=\s|$)/.exec(firstLine)?.[1] ?? firstLine;
  if (sentence.length <= MAX) return sentence;
  const cut = sentence.slice(0, MAX);
  const space = cut.lastIndexOf(" ");
  return `${(space > MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, "")}…`;
}
