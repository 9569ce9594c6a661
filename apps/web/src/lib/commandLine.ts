/**
 * `<value>`, `<name>`, `<your-image:tag>`: a part the user must fill in before the
 * command can run. Angle brackets hold no meaning in a kubectl argument (a shell
 * would read them as redirections), so any `<word…>` is a placeholder.
 */
const PLACEHOLDER = /<[A-Za-z][^<>\n]{0,80}>/;

/** Where the first placeholder of `text` is, or null when it has none. */
export function findPlaceholder(text: string): { start: number; end: number } | null {
  const match = PLACEHOLDER.exec(text);
  return match === null ? null : { start: match.index, end: match.index + match[0].length };
}
