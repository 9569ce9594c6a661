import { describe, expect, it } from "vitest";
import { parseIntent } from "./intent";

describe("parseIntent", () => {
  it.each([
    ["why is checkout failing in the shop namespace?", "diagnose", "shop"],
    ["What is wrong in namespace payments", "diagnose", "payments"],
    ["scan the whole cluster", "scan", undefined],
    ["fix it", "fix", undefined],
    ["hello there", "question", undefined],
  ])("%s → %s", (text, kind, namespace) => {
    const intent = parseIntent(text);
    expect(intent.kind).toBe(kind);
    expect(intent.namespace).toBe(namespace);
  });

  it("checks 'the x namespace' against the cluster when x is an everyday word", () => {
    const intent = parseIntent(
      "browsers reject the certificate — can you check the status namespace?",
    );
    expect(intent.namespaceExplicit).toBe(false);
    expect(intent.namespaceCandidates).toEqual(["status"]);
  });

  it("does not scope to the namespace something moved away from", () => {
    const moved = parseIntent(
      "mailer in notify keeps crashing since we moved it out of the default namespace",
    );
    expect(moved.namespace).toBeUndefined();
    expect(moved.namespaceCandidates).toEqual(["notify"]);
    expect(
      parseIntent("we migrated api from the legacy namespace; it fails in shop")
        .namespaceCandidates,
    ).toEqual(["shop"]);
    // "from" alone is a location: www returns 503 from the web namespace.
    expect(
      parseIntent("www.acme.example returns 503 from the web namespace — why?").namespace,
    ).toBe("web");
  });

  it("keeps the words that may name an object", () => {
    expect(
      parseIntent("why is checkout failing in shop?", { defaultNamespace: "shop" }).keywords,
    ).toContain("checkout");
  });

  it("reads kind/name and 'kind name' references", () => {
    expect(parseIntent("why is deploy/checkout crashing -n shop").resource).toEqual({
      kind: "Deployment",
      name: "checkout",
      namespace: "shop",
    });
    expect(
      parseIntent("what's wrong with the api deployment", { defaultNamespace: "web" }).resource,
    ).toEqual({
      kind: "Deployment",
      name: "api",
      namespace: "web",
    });
  });

  it("turns plain requests into kubectl command lines", () => {
    expect(parseIntent("list pods in the shop namespace").command).toBe("get pods -n shop");
    expect(parseIntent("kubectl get deploy -n shop -o wide").command).toBe(
      "get deploy -n shop -o wide",
    );
    expect(parseIntent("get pods -A").kind).toBe("command");
    expect(parseIntent("show the previous logs of pod checkout-7d9 -n shop").command).toBe(
      "logs checkout-7d9 -n shop --previous --tail=100",
    );
    expect(parseIntent("describe deployment checkout", { defaultNamespace: "shop" }).command).toBe(
      "describe deployment checkout -n shop",
    );
  });

  it("uses the UI's namespace and selection when the text names none", () => {
    const intent = parseIntent("what's going on?", {
      defaultNamespace: "shop",
      selected: { kind: "Deployment", name: "cart", namespace: "shop" },
    });
    expect(intent.kind).toBe("diagnose");
    expect(intent.resource).toEqual({ kind: "Deployment", name: "cart", namespace: "shop" });
  });
});
