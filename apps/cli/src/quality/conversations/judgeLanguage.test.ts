import { describe, expect, it } from "vitest";
import { judgeLanguage } from "./judgeLanguage";

describe("judgeLanguage", () => {
  it("judges Chinese prose with English terms, names and commands as zh", () => {
    const j = judgeLanguage(
      "Deployment payments/payments-api 无法拉取镜像 ghcr.io/acme/payments-api:v2.31：镜像仓库中没有这个标签，所以 Pod 一直处于 ImagePullBackOff。\n建议运行 `kubectl set image deployment/payments-api payments-api=ghcr.io/acme/payments-api:v2.3.1 -n payments`。",
    );
    expect(j.language).toBe("zh");
    expect(j.share).toBeGreaterThan(0.7);
  });

  it("judges English prose as en, even when it quotes a Chinese question or lists output", () => {
    expect(
      judgeLanguage(
        "You asked “检查 default 命名空间下的 pod”. There are no pods in namespace default; the cluster's workloads run in shop, where checkout crash-loops.\n```\nNAME READY STATUS\n```",
      ).language,
    ).toBe("en");
    expect(
      judgeLanguage("The rollout of orders-api is stuck: 0/1 new pods are ready.").language,
    ).toBe("en");
  });

  it("calls half-translated text mixed, and text with no prose none", () => {
    expect(
      judgeLanguage(
        "检查完毕。The analyzers report 2 problems in namespace shop, gathering evidence now.",
      ).language,
    ).toBe("mixed");
    expect(
      judgeLanguage("`kubectl get pods -n shop`:\n```\nNAME READY\ncheckout-1 0/1\n```").language,
    ).toBe("none");
  });
});
