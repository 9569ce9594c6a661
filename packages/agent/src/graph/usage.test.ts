import { describe, expect, it } from "vitest";
import { addUsage, NO_USAGE, usageOf } from "./usage";

describe("the usage channel", () => {
  it("adds what each node spent, and starts over on a new turn", () => {
    let total = addUsage(NO_USAGE, { inputTokens: 100, outputTokens: 10 });
    // Two plan steps in one superstep each add theirs.
    total = addUsage(total, { inputTokens: 50, outputTokens: 5 });
    total = addUsage(total, { inputTokens: 25, outputTokens: 2 });
    expect(total).toEqual({ inputTokens: 175, outputTokens: 17 });
    expect(addUsage(total, { inputTokens: 7, outputTokens: 1, reset: true })).toEqual({
      inputTokens: 7,
      outputTokens: 1,
    });
  });

  it("reads a model answer's reported tokens, and nothing from an answer without them", () => {
    expect(usageOf({ usage_metadata: { input_tokens: 12, output_tokens: 3 } })).toEqual({
      inputTokens: 12,
      outputTokens: 3,
    });
    expect(usageOf({})).toEqual(NO_USAGE);
    expect(usageOf(undefined)).toEqual(NO_USAGE);
  });
});
