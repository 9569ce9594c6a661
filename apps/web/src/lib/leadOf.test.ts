import { describe, expect, it } from "vitest";
import { leadOf } from "./leadOf";

describe("leadOf", () => {
  it("keeps the first sentence of the first line", () => {
    expect(
      leadOf(
        "Root cause (CrashLoop, critical): image v2.14.0 exits. It loops.\nAffected: x\n\nFixes",
      ),
    ).toBe("Root cause (CrashLoop, critical): image v2.14.0 exits.");
  });

  it("drops a heading's marks and blank lines above", () => {
    expect(leadOf("\n## Diagnosis\n\nMore")).toBe("Diagnosis");
  });

  it("cuts a long sentence at a word", () => {
    const lead = leadOf(`${"word ".repeat(80)}end.`);
    expect(lead.length).toBeLessThanOrEqual(201);
    expect(lead).toMatch(/word…$/);
  });
});
