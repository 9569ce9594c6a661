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

describe("an action's object", () => {
  it("is its target alone: values are no object names", () => {
    const i = parseIntent("give it a cpu request of 500m");
    expect(i.keywords).toEqual([]);
    expect(i.resource).toBeUndefined();
    const node = parseIntent("drain worker-3");
    expect(node.resource).toEqual({ kind: "Node", name: "worker-3" });
    const tag = parseIntent("change payments-api's image tag to v2.3.1");
    expect(tag.keywords).toEqual(["payments-api"]);
    expect(tag.resource).toEqual({ name: "payments-api" });
  });
});
