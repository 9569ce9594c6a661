import { describe, expect, it } from "vitest";
import type { KubeObject } from "../util/json";
import { FieldSelectorError, matchesFields, parseFieldSelector } from "./field-selector";

const event: KubeObject = {
  apiVersion: "v1",
  kind: "Event",
  metadata: { name: "x.1", namespace: "default" },
  involvedObject: { kind: "Node", name: "edge-worker-1", uid: "edge-worker-1" },
  reason: "NodeNotReady",
  type: "Normal",
  source: { component: "node-controller" },
};

describe("field selectors", () => {
  it("match events by involvedObject, with a missing field reading as empty (describe node's query)", () => {
    const sel = parseFieldSelector(
      "involvedObject.name=edge-worker-1,involvedObject.namespace=,involvedObject.kind=Node,involvedObject.uid=edge-worker-1",
      "Event",
    );
    expect(matchesFields(sel, event)).toBe(true);
    expect(matchesFields(parseFieldSelector("involvedObject.kind=Pod", "Event"), event)).toBe(
      false,
    );
    expect(
      matchesFields(parseFieldSelector("source=node-controller,type!=Warning", "Event"), event),
    ).toBe(true);
  });

  it("supports the pod fields kubectl uses (describe node: spec.nodeName, status.phase!=…)", () => {
    const pod: KubeObject = {
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: "p", namespace: "a" },
      spec: { nodeName: "worker-1" },
      status: { phase: "Running" },
    };
    expect(
      matchesFields(
        parseFieldSelector(
          "spec.nodeName=worker-1,status.phase!=Succeeded,status.phase!=Failed",
          "Pod",
        ),
        pod,
      ),
    ).toBe(true);
    expect(matchesFields(parseFieldSelector("metadata.name=q", "Pod"), pod)).toBe(false);
  });

  it("refuses fields the kind does not support, like the API server", () => {
    expect(() => parseFieldSelector("spec.replicas=3", "Deployment")).toThrow(FieldSelectorError);
    expect(() => parseFieldSelector("spec.replicas=3", "Deployment")).toThrow(
      "field label not supported: spec.replicas",
    );
  });
});
