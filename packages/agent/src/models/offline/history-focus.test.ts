import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { historyFocus, previousQuestion } from "./history-focus";

const ai = (...commands: string[]) =>
  new AIMessage({
    content: "",
    tool_calls: commands.map((command, i) => ({
      id: `c${i}`,
      name: "kubectl",
      args: { command },
    })),
  });
const human = (text: string, turnId: string) =>
  new HumanMessage({ content: text, additional_kwargs: { kubemedic: { turnId } } });

describe("historyFocus", () => {
  it("lists the objects earlier commands named, newest first, with their namespaces", () => {
    const focus = historyFocus([
      human("why is checkout failing?", "t1"),
      ai("get pods -n shop", "describe deployment checkout -n shop"),
      human("suspend the sitemap cronjob", "t2"),
      ai("get cronjobs,deployments -A"),
      ai(`patch cronjob/sitemap -n storefront --type=merge -p '{"spec":{"suspend":true}}'`),
      human("cordon worker-2", "t3"),
      ai("cordon worker-2"),
    ]);
    expect(focus.objects).toEqual([
      { kind: "Node", name: "worker-2" },
      { kind: "CronJob", namespace: "storefront", name: "sitemap" },
      { kind: "Deployment", namespace: "shop", name: "checkout" },
    ]);
    expect(focus.namespaces).toEqual(["storefront", "shop"]);
  });

  it("finds the question of the turn before", () => {
    const history = [human("restart api", "t1"), ai("get deployments -A")];
    expect(previousQuestion(history)).toEqual({ text: "restart api", index: 0 });
    expect(previousQuestion([])).toBeUndefined();
  });
});
