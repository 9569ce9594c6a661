import { describe, expect, it } from "vitest";
import { answerLanguage, detectLanguage } from "./detect-language";

describe("detectLanguage", () => {
  it("reads Chinese, with or without English names and kinds mixed in", () => {
    expect(detectLanguage("检查 default 命名空间下的 pod")).toBe("zh");
    expect(detectLanguage("shop 里的 checkout 为什么一直重启？")).toBe("zh");
    expect(detectLanguage("集群有什么问题？")).toBe("zh");
    expect(detectLanguage("why is checkout 重启 in shop?")).toBe("zh");
    expect(detectLanguage("修复")).toBe("zh");
  });

  it("reads English prose", () => {
    expect(detectLanguage("why is checkout failing in shop?")).toBe("en");
    expect(detectLanguage("fix it")).toBe("en");
    expect(detectLanguage("list pods")).toBe("en");
    expect(detectLanguage("checkout")).toBe("en");
  });

  it("has no opinion on command lines, bare identifiers and symbols", () => {
    expect(detectLanguage("kubectl get pods -n shop")).toBeUndefined();
    expect(detectLanguage("$ kubectl describe deploy/checkout")).toBeUndefined();
    expect(detectLanguage("get pods -n shop")).toBeUndefined();
    expect(detectLanguage("describe deploy/checkout")).toBeUndefined();
    expect(detectLanguage("checkout-7d9f")).toBeUndefined();
    expect(detectLanguage("2")).toBeUndefined();
    expect(detectLanguage("👍")).toBeUndefined();
    expect(detectLanguage("   ")).toBeUndefined();
  });

  it("falls back on the conversation's language, then English", () => {
    expect(answerLanguage("kubectl get pods -n shop", "zh")).toBe("zh");
    expect(answerLanguage("kubectl get pods -n shop", undefined)).toBe("en");
    expect(answerLanguage("fix it", "zh")).toBe("en");
    expect(answerLanguage("修复它", "en")).toBe("zh");
  });
});
