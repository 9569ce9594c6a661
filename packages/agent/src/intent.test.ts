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

  it.each([
    ["show the logs of checkout-7d9", "logs", "checkout-7d9", false],
    ["logs of checkout-7d9-abc in shop", "logs", "checkout-7d9-abc", false],
    ["show me checkout's logs from before the crash", "logs", "checkout", true],
    ["describe checkout in shop", "describe", "checkout", false],
    ["describe checkout-7d9-abc", "describe", "checkout-7d9-abc", false],
  ])("finds the object of %j before running %s on it", (text, verb, name, previous) => {
    const intent = parseIntent(text, { defaultNamespace: "shop" });
    expect(intent.kind).toBe("command");
    expect(intent.command).toBeUndefined();
    expect(intent.lookup).toEqual({ verb, name, previous });
    expect(intent.resource).toEqual({ name, namespace: "shop" });
  });

  it("never takes an everyday word, a kind or the namespace for an object's name", () => {
    expect(parseIntent("show previous logs", { defaultNamespace: "shop" }).lookup).toBeUndefined();
    expect(parseIntent("show me the logs", { defaultNamespace: "shop" }).lookup).toBeUndefined();
    expect(parseIntent("describe the shop namespace").lookup).toBeUndefined();
    expect(parseIntent("describe pods in the shop namespace").command).toBe(
      "describe pods -n shop",
    );
  });

  it("answers 'what <kind> are …' with a get", () => {
    expect(
      parseIntent("what pods are running in shop?", { defaultNamespace: "shop" }),
    ).toMatchObject({ kind: "command", command: "get pods -n shop" });
    expect(parseIntent("which deployments exist?").command).toBe("get deployments -A");
    expect(parseIntent("what namespaces are there?", { defaultNamespace: "shop" }).command).toBe(
      "get namespaces",
    );
    // A question about a problem stays a diagnosis.
    expect(parseIntent("what pods are failing in shop?", { defaultNamespace: "shop" }).kind).toBe(
      "diagnose",
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

  it("lets the text override the selection: another namespace, or another kind to list", () => {
    const selected = { kind: "Deployment", name: "api", namespace: "web" };
    const elsewhere = parseIntent("list pods -n shop", { defaultNamespace: "web", selected });
    expect(elsewhere).toMatchObject({
      kind: "command",
      command: "get pods -n shop",
      namespace: "shop",
    });
    expect(elsewhere.resource).toBeUndefined();
    const diagnose = parseIntent("what's wrong in the shop namespace?", { selected });
    expect(diagnose).toMatchObject({ kind: "diagnose", namespace: "shop" });
    expect(diagnose.resource).toBeUndefined();
    // Same namespace: a list of another kind lists; the selection's own kind shows it.
    expect(parseIntent("list pods", { defaultNamespace: "web", selected }).command).toBe(
      "get pods -n web",
    );
    expect(parseIntent("show the deployment", { selected }).command).toBe(
      "get deployment api -n web",
    );
    expect(parseIntent("describe it in web", { selected }).command).toBe(
      "describe deployment api -n web",
    );
  });

  it("knows every kind kube's table knows, but not the kind names that are everyday words", () => {
    expect(parseIntent("list storageclasses").command).toBe("get storageclasses -A");
    expect(parseIntent("describe pdb web", { defaultNamespace: "shop" }).command).toBe(
      "describe poddisruptionbudget web -n shop",
    );
    // kubectl reads "no", "quota" and "endpoints" as kinds; a question does not.
    for (const text of [
      "why does checkout have no endpoints in shop?",
      "why is checkout over quota in shop?",
    ]) {
      const intent = parseIntent(text);
      expect(intent.resource?.kind, text).not.toBe("Endpoints");
      expect(intent.resource?.kind, text).not.toBe("ResourceQuota");
      expect(intent.resource?.kind, text).not.toBe("Node");
    }
  });
});

describe("parseIntent: symptoms said other ways", () => {
  it.each([
    "scaled ledger up to 3 in prod-eu, still 1 pod. what gives",
    "users say search is sluggish at peak and the indexer autoscaler does nothing",
    "the api has been flaky since noon",
    "checkout keeps dying in shop, any idea?",
  ])("%s is a diagnosis", (text) => {
    expect(parseIntent(text).kind).toBe("diagnose");
  });

  it("reads '<name> ns' as the namespace", () => {
    expect(parseIntent("users say uploads hang. look at uploads ns")).toMatchObject({
      kind: "diagnose",
      namespace: "uploads",
    });
  });
});

describe("parseIntent: a sentence's subject may be a namespace", () => {
  it("offers it as a candidate the cluster confirms", () => {
    const i = parseIntent("shop looks broken");
    expect(i.kind).toBe("diagnose");
    expect(i.namespaceCandidates).toContain("shop");
    expect(parseIntent("it looks broken").namespaceCandidates).not.toContain("it");
  });
});
