import { describe, expect, it } from "vitest";
import { parseIntent } from "../../intent";

describe("parseIntent and plain-language actions", () => {
  it("reads a sentence with a slash in it as an action, a bare kubectl line as a command", () => {
    const sentence = parseIntent("set the image of web to ghcr.io/acme/web:v2");
    expect(sentence.kind).toBe("fix");
    expect(sentence.action?.verb).toBe("set-image");
    const line = parseIntent("set image deployment/web web=ghcr.io/acme/web:v2 -n shop");
    expect(line.kind).toBe("command");
    expect(line.action).toBeUndefined();
    expect(parseIntent("kubectl rollout restart deployment/checkout -n shop").kind).toBe("command");
  });

  it("keeps questions about restarts and scaling diagnoses", () => {
    expect(parseIntent("why does checkout keep restarting?").action).toBeUndefined();
    expect(parseIntent("restart checkout in shop").action?.verb).toBe("restart");
  });
});
