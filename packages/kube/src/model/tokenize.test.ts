import { describe, expect, it } from "vitest";
import { quoteWord, tokenize } from "./tokenize";

describe("tokenize", () => {
  it.each([
    ["get  pods\t-n shop", ["get", "pods", "-n", "shop"]],
    [`get pods -l 'app in (a, b)'`, ["get", "pods", "-l", "app in (a, b)"]],
    [`a "b \\"c\\" \\\\ d" e`, ["a", 'b "c" \\ d', "e"]],
    [`a "x\\ny"`, ["a", "x\\ny"]],
    [`a b\\ c`, ["a", "b c"]],
    [`a '' ""`, ["a", "", ""]],
    [`-o=jsonpath='{.a}'"{.b}"`, ["-o=jsonpath={.a}{.b}"]],
    [`'it'\\''s'`, ["it's"]],
  ])("splits %s", (line, words) => {
    expect(tokenize(line)).toEqual(words);
  });

  it("refuses unterminated quotes and a trailing backslash", () => {
    expect(() => tokenize(`a 'b`)).toThrow(/unterminated single quote/);
    expect(() => tokenize(`a "b`)).toThrow(/unterminated double quote/);
    expect(() => tokenize(`a \\`)).toThrow(/backslash/);
  });

  it.each(["plain", "", "has space", "it's", "{.items[*]}", "a;b", "$HOME", "#x", 'q"q'])(
    "quoteWord(%j) round-trips",
    (word) => {
      expect(tokenize(quoteWord(word))).toEqual([word]);
    },
  );
});
