import { describe, expect, it } from "vitest";
import { memoryStorage } from "../ui/memoryStorage";
import { initialLocale, saveLocale } from "./locale";

describe("the UI's language", () => {
  it("reads any Chinese browser language as zh-CN, English as en, and nothing else", () => {
    for (const tag of ["zh", "zh-CN", "zh-TW", "zh-Hans-CN", "ZH-cn"])
      expect(initialLocale(null, [tag]), tag).toBe("zh-CN");
    expect(initialLocale(null, ["en-GB", "zh-CN"])).toBe("en");
    expect(initialLocale(null, ["fr-FR"])).toBe("en");
  });

  it("follows the stored choice, else the first browser language it has, else English", () => {
    const storage = memoryStorage();
    expect(initialLocale(storage, ["fr-FR", "zh-TW", "en-US"])).toBe("zh-CN");
    expect(initialLocale(storage, ["de"])).toBe("en");
    expect(initialLocale(null, [])).toBe("en");
    saveLocale(storage, "en");
    expect(storage.data.get("kubemedic.locale")).toBe('"en"');
    expect(initialLocale(storage, ["zh-CN"])).toBe("en");
    // Garbage in storage is ignored.
    storage.setItem("kubemedic.locale", '"klingon"');
    expect(initialLocale(storage, ["zh-CN"])).toBe("zh-CN");
  });
});
