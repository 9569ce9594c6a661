import { describe, expect, it } from "vitest";
import { commandKey } from "./rejections";

describe("commandKey", () => {
  it("recognises the same change however it is spelled", () => {
    const key = commandKey("scale deployment checkout -n shop --replicas=0", undefined, "web");
    expect(
      commandKey(
        "kubectl  scale deployment checkout --replicas=0 --namespace=shop",
        undefined,
        "web",
      ),
    ).toBe(key);
    expect(commandKey("scale deployment checkout --replicas=0 -n=shop", undefined, undefined)).toBe(
      key,
    );
    // No namespace given: the turn's is where it would run.
    expect(commandKey("scale deployment checkout --replicas=0", undefined, "shop")).toBe(key);
  });

  it("tells different changes apart", () => {
    const key = commandKey("scale deployment checkout -n shop --replicas=0", undefined, undefined);
    expect(
      commandKey("scale deployment checkout -n web --replicas=0", undefined, undefined),
    ).not.toBe(key);
    expect(
      commandKey("scale deployment checkout -n shop --replicas=1", undefined, undefined),
    ).not.toBe(key);
    // Values that stand apart from their flags keep their order.
    expect(
      commandKey("rollout undo deploy/a --to-revision 1 --timeout 2", undefined, "x"),
    ).not.toBe(commandKey("rollout undo deploy/a --to-revision 2 --timeout 1", undefined, "x"));
    expect(commandKey("apply -f -", "kind: A", "x")).not.toBe(
      commandKey("apply -f -", "kind: B", "x"),
    );
  });
});
