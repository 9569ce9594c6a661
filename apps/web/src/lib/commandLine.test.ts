import { describe, expect, it } from "vitest";
import { findPlaceholder } from "./commandLine";

describe("findPlaceholder", () => {
  it("finds the first <placeholder> of a command", () => {
    const line = "kubectl set env deployment/checkout -c checkout 'DATABASE_URL=<value>' -n shop";
    const at = findPlaceholder(line);
    expect(at).not.toBeNull();
    expect(line.slice(at?.start, at?.end)).toBe("<value>");
    const secret = "kubectl set env deployment/x --from=secret/<name> -n shop";
    const s = findPlaceholder(secret);
    expect(secret.slice(s?.start, s?.end)).toBe("<name>");
  });

  it("finds none in a concrete command", () => {
    expect(findPlaceholder("kubectl rollout undo deployment/payments-api -n payments")).toBeNull();
    expect(
      findPlaceholder(
        `kubectl patch service frontend -n web -p '{"spec":{"selector":{"app":"x"}}}'`,
      ),
    ).toBeNull();
    expect(findPlaceholder("kubectl get pods -l 'tier in (a,b)' -o name")).toBeNull();
  });
});
