import { describe, expect, it } from "vitest";
import { readScenario, scenarioNames, scenarioSnapshot } from "../../model/testing/scenarioFixture";
import { correlateSnapshot } from "../correlateSnapshot";
import { localizeCandidate, localizeText } from "./localizeCandidate";

const HAN = /[\u4e00-\u9fff]/u;

describe("localizeText", () => {
  it("says a crash loop's root cause in Chinese, names and values kept", () => {
    const en =
      "Container checkout of Deployment shop/checkout exits with code 1 (Error) shortly after starting and is restarted in a loop (CrashLoopBackOff, 36 restarts). The program stops because environment variable DATABASE_URL is not set: the pod template of Deployment shop/checkout does not define DATABASE_URL. Symptom: Service shop/checkout has no ready endpoint: all 2 matching pod(s) are unready.";
    expect(localizeText(en, "zh")).toBe(
      "Deployment shop/checkout 的容器 checkout 启动后不久即以退出码 1（Error）退出，并被反复重启（CrashLoopBackOff，已重启 36 次）。" +
        "程序因环境变量 DATABASE_URL 未设置而退出：Deployment shop/checkout 的 pod 模板中没有定义 DATABASE_URL。" +
        "症状：Service shop/checkout 没有就绪的端点：匹配的 2 个 pod 全都未就绪。",
    );
  });

  it("keeps values that hold periods and colons whole", () => {
    expect(
      localizeText(
        "ReplicaSet team-a/reporting-6b of Deployment team-a/reporting cannot create pods: ResourceQuota compute-quota is exhausted — requested limits.cpu=1, used limits.cpu=4, limited limits.cpu=4.",
        "zh",
      ),
    ).toContain("上限 limits.cpu=4。");
    expect(
      localizeText("Set the image of payments-api back to ghcr.io/acme/payments-api:v2.3.0", "zh"),
    ).toBe("把 payments-api 的镜像改回 ghcr.io/acme/payments-api:v2.3.0");
  });

  it("leaves English as it is, and a sentence it does not know in English", () => {
    const en =
      "Deployment shop/checkout crash-loops: environment variable DATABASE_URL is not set.";
    expect(localizeText(en, "en")).toBe(en);
    expect(localizeText("Something the catalog has never seen.", "zh")).toBe(
      "Something the catalog has never seen.",
    );
  });
});

describe("localizeCandidate over every built-in scenario", () => {
  for (const name of scenarioNames()) {
    it(name, async () => {
      const f = await readScenario(name);
      const candidates = await correlateSnapshot(scenarioSnapshot(f), { namespace: f.namespace });
      for (const c of candidates) {
        const zh = localizeCandidate(c, "zh");
        // What is not prose is untouched: the pass rule's objects, commands, evidence.
        expect({ ...zh, summary: "", rootCause: "", fixes: [] }).toEqual({
          ...c,
          summary: "",
          rootCause: "",
          fixes: [],
        });
        expect(zh.fixes.map((f) => f.command)).toEqual(c.fixes.map((f) => f.command));
        // Every summary and fix title is in the catalog; root causes start in Chinese.
        expect(zh.summary).toMatch(HAN);
        for (const f of zh.fixes) expect(f.title).toMatch(HAN);
        // The names and values the pass rule looks for stay in the text.
        for (const word of c.rootCause.match(/\b[A-Z][A-Z0-9_]{3,}\b/g) ?? [])
          expect(zh.rootCause).toContain(word);
      }
    });
  }
});
