import { describe, expect, it } from "vitest";
import { planKubectl } from "../tools/kubectl-tool";
import { rejectionKey } from "./rejections";

/** The key of a line as the model would send it, with the turn's namespace. */
function key(command: string, turnNamespace: string | undefined, manifest?: string): string {
  const plan = planKubectl({ command, ...(manifest === undefined ? {} : { manifest }) });
  if (plan.classification === "refused") throw new Error(plan.why);
  return rejectionKey(plan, turnNamespace);
}

describe("rejectionKey", () => {
  it("recognises the same change however it is spelled", () => {
    const k = key("scale deployment checkout -n shop --replicas=0", "web");
    expect(key("kubectl  scale deployment checkout --replicas=0 --namespace=shop", "web")).toBe(k);
    expect(key("scale deployment checkout --replicas=0 -n=shop", undefined)).toBe(k);
    // No namespace given: the turn's is where it would run.
    expect(key("scale deployment checkout --replicas=0", "shop")).toBe(k);
  });

  it("reads spellings the old space-splitting key told apart", () => {
    const k = key("scale deployment checkout -n shop --replicas=0", "web");
    // `-nshop` is -n shop to kubectl; split on spaces it was a word, and the turn's namespace won.
    expect(key("scale deployment checkout -nshop --replicas=0", "web")).toBe(k);
    // A flag's value given apart or attached is the same value.
    expect(key("scale deployment checkout -n shop --replicas 0", "web")).toBe(k);
    // Flag order does not change what runs.
    expect(key("scale --replicas=0 -n shop deployment checkout", "web")).toBe(k);
  });

  it("tells apart changes the old space-splitting key confused", () => {
    // Collapsing whitespace inside a quoted value made two annotations one.
    expect(key("annotate deploy/checkout -n shop 'note=a  b'", "shop")).not.toBe(
      key("annotate deploy/checkout -n shop 'note=a b'", "shop"),
    );
    // The word after a flag that takes a value is that value (here a selector), not a flag:
    // both lines were "delete pods -l" in namespace shop to the old key.
    expect(key("delete pods -l -n shop", "web")).not.toBe(
      key("delete pods -l --namespace shop", "web"),
    );
  });

  it("tells different changes apart", () => {
    const k = key("scale deployment checkout -n shop --replicas=0", undefined);
    expect(key("scale deployment checkout -n web --replicas=0", undefined)).not.toBe(k);
    expect(key("scale deployment checkout -n shop --replicas=1", undefined)).not.toBe(k);
    // Arguments keep their order.
    expect(key("label pod a x=1 y=2", "s")).not.toBe(key("label pod x=1 a y=2", "s"));
    expect(key("apply -f -", "x", "kind: A")).not.toBe(key("apply -f -", "x", "kind: B"));
  });
});
