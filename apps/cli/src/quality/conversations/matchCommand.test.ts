import { describe, expect, it } from "vitest";
import { matchCommand } from "./matchCommand";

const kubectl = (command: string) => ({ tool: "kubectl", command });

describe("matchCommand", () => {
  it("matches the same command in another legitimate form", () => {
    const want = "get pods -n payments";
    for (const got of [
      "get pods -n payments",
      "get pod --namespace=payments",
      "get po --namespace payments -o wide",
      "-n payments get pods",
      "kubectl  get pods   -n payments",
    ])
      expect(matchCommand(want, kubectl(got)), got).toBe(true);
  });

  it("does not match another namespace, a longer name, or another verb", () => {
    const want = "get pods -n payments";
    for (const got of [
      "get pods -A",
      "get pods -n default",
      "get pods -n payments-staging",
      "describe pods -n payments",
      "get deployments -n payments",
    ])
      expect(matchCommand(want, kubectl(got)), got).toBe(false);
  });

  it("reads kind/name and kind name alike, and flags in any order with either spelling", () => {
    expect(
      matchCommand(
        "scale deployment/cart --replicas=3",
        kubectl("scale deploy cart -n shop --replicas 3"),
      ),
    ).toBe(true);
    expect(
      matchCommand("scale deployment/cart --replicas=3", kubectl("scale deploy/cart --replicas=4")),
    ).toBe(false);
    expect(
      matchCommand(
        "rollout restart deploy checkout",
        kubectl("rollout restart deployment/checkout -n shop"),
      ),
    ).toBe(true);
    expect(
      matchCommand(
        "rollout restart deployment/checkout",
        kubectl("rollout restart deployment/cart"),
      ),
    ).toBe(false);
  });

  it("lets an expectation ending in = or : continue into the value", () => {
    const got = kubectl(
      "set image deployment/payments-api payments-api=ghcr.io/acme/payments-api:v2.3.1 -n payments",
    );
    expect(matchCommand("set image deploy/payments-api payments-api=", got)).toBe(true);
    expect(matchCommand("payments-api:v2.3.1", got)).toBe(true);
    expect(matchCommand("payments-api:v2.3", got)).toBe(false);
  });

  it("ignores JSON spacing and escaped quotes in a patch", () => {
    const got = kubectl(`patch cronjob sitemap -n storefront -p '{"spec": {"suspend": true}}'`);
    expect(matchCommand('"suspend":true', got)).toBe(true);
    expect(matchCommand('"suspend":false', got)).toBe(false);
    expect(matchCommand("patch cronjob/sitemap", got)).toBe(true);
    expect(
      matchCommand(
        '"suspend":true',
        kubectl(`patch cj sitemap -p "{\\"spec\\":{\\"suspend\\":true}}"`),
      ),
    ).toBe(true);
  });

  it("limits a match to the tool its expectation names, and takes any of several alternatives", () => {
    const k8sgpt = { tool: "k8sgpt", command: "analyze --namespace shop --correlate" };
    expect(matchCommand("analyze --namespace shop", k8sgpt)).toBe(true);
    expect(matchCommand("k8sgpt analyze --namespace=shop", k8sgpt)).toBe(true);
    expect(matchCommand("kubectl analyze --namespace shop", k8sgpt)).toBe(false);
    expect(
      matchCommand(
        ["logs deployment/checkout", "logs checkout-"],
        kubectl("logs checkout-7d9c5b6f4-x8k2p -n shop --previous"),
      ),
    ).toBe(true);
    expect(
      matchCommand(["logs deployment/cart", "logs cart-"], kubectl("logs checkout-7d9 -n shop")),
    ).toBe(false);
  });

  it("reads -p as --previous for logs only", () => {
    expect(matchCommand("logs checkout-x --previous", kubectl("logs -p checkout-x -n shop"))).toBe(
      true,
    );
  });
});
