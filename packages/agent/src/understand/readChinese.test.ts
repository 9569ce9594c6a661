import { describe, expect, it } from "vitest";
import { parseIntent } from "../intent";
import { readChinese } from "./readChinese";

describe("readChinese", () => {
  it("says the design document's questions the way the intent parser reads them", () => {
    expect(readChinese("检查 default 命名空间下的 pod")).toBe(
      "check the pods in the default namespace",
    );
    expect(readChinese("shop 里的 checkout 为什么一直重启？")).toBe(
      "why is checkout failing in shop?",
    );
    expect(readChinese("集群有什么问题？")).toBe("what is wrong in the whole cluster?");
    expect(readChinese("payments 命名空间的事件")).toBe(
      "show the events in the payments namespace",
    );
    expect(readChinese("看一下 api 的日志")).toBe("show the logs of api");
  });

  it("reads other names, kinds, places and phrasings of the same questions", () => {
    expect(readChinese("在 billing 中，invoice-api 部署为什么起不来")).toBe(
      "why is deployment invoice-api failing in billing?",
    );
    expect(readChinese("命名空间 kube-system 里有哪些容器组？")).toBe(
      "list pods in the kube-system namespace",
    );
    expect(readChinese("列出所有命名空间的部署")).toBe("list deployments -A");
    expect(readChinese("这个命名空间里有哪些 deployment？")).toBe("list deployments");
    expect(readChinese("为什么 invoice-api 启动不了？")).toBe(
      "why is invoice-api failing in invoice-api?",
    );
    expect(readChinese("payments 出了什么问题？")).toBe("why is payments failing in payments?");
    expect(readChinese("shop 有哪些服务？")).toBe("list services in shop");
    expect(readChinese("checkout 的 pod 为什么起不来")).toBe(
      "why is checkout failing in checkout?",
    );
    expect(readChinese("节点 worker-2 怎么了")).toBe("why is node worker-2 failing?");
    expect(readChinese("列出 shop 命名空间的所有 pod")).toBe("list pods in the shop namespace");
    expect(readChinese("为什么 shop 命名空间的 checkout 一直 CrashLoopBackOff")).toBe(
      "why is checkout failing in the shop namespace?",
    );
    expect(readChinese("payments 命名空间出了什么问题？")).toBe(
      "what is wrong in the payments namespace?",
    );
    expect(readChinese("shop 里有没有告警事件？")).toBe("show the warning events in shop");
    expect(readChinese("看看 report-worker 上一次崩溃的日志")).toBe(
      "show the previous logs of report-worker",
    );
    expect(readChinese("描述一下 checkout")).toBe("describe checkout");
    expect(readChinese("你好，你能帮我做什么？")).toBe("hello, what can you do?");
  });

  it("carries follow-ups across in the English follow-up grammar", () => {
    expect(readChinese("怎么修复？")).toBe("how do I fix it?");
    expect(readChinese("怎么修？")).toBe("how do I fix it?");
    expect(readChinese("修复它")).toBe("fix it");
    expect(readChinese("应用这个修复")).toBe("apply the fix");
    expect(readChinese("用第二个方案")).toBe("apply the second fix");
    expect(readChinese("再检查一下")).toBe("check again");
    expect(readChinese("修好了吗？")).toBe("is it fixed now?");
    expect(readChinese("修好了没")).toBe("is it fixed now?");
    expect(readChinese("解决了没有？")).toBe("is it fixed now?");
    expect(readChinese("其他 pod 呢？")).toBe("what about the other pods?");
    expect(readChinese("那 payments 呢？")).toBe("and in payments?");
    expect(readChinese("看看它的日志")).toBe("show me its logs");
    expect(readChinese("描述一下它")).toBe("describe it");
    expect(readChinese("撤销刚才的修改")).toBe("undo that");
  });

  it("leaves English and plain-language actions alone", () => {
    expect(readChinese("why is checkout failing?")).toBeUndefined();
    expect(readChinese("重启 checkout")).toBeUndefined();
    expect(readChinese("把 cart 扩容到 3 个副本")).toBeUndefined();
    expect(readChinese("回滚 payments-api")).toBeUndefined();
  });
});

describe("parseIntent on Chinese", () => {
  it("scopes the questions like their English forms", () => {
    const pods = parseIntent("检查 default 命名空间下的 pod", { defaultNamespace: "shop" });
    expect(pods).toMatchObject({ kind: "diagnose", namespace: "default", namespaceExplicit: true });
    const why = parseIntent("shop 里的 checkout 为什么一直重启？");
    // A diagnosis; its namespace is checked against the cluster by prepare.
    expect(why.kind).toBe("diagnose");
    expect(why.namespaceCandidates).toEqual(["shop"]);
    expect(why.keywords).toContain("checkout");
    expect(parseIntent("集群有什么问题？")).toMatchObject({ kind: "scan", allNamespaces: true });
    expect(parseIntent("payments 命名空间的事件")).toMatchObject({
      kind: "command",
      command: "get events -n payments --sort-by=.lastTimestamp",
    });
    expect(parseIntent("看一下 api 的日志", { defaultNamespace: "shop" })).toMatchObject({
      kind: "command",
      lookup: { verb: "logs", name: "api", previous: false },
    });
  });
});

describe("readChinese: mixed and compound questions", () => {
  it("keeps an English 'in <namespace>' inside Chinese text as the place", () => {
    expect(readChinese("ledger-migrate in finance 失败了，怎么回事？")).toBe(
      "why is ledger-migrate failing in finance?",
    );
  });

  it("reads a why question that mentions the log as a diagnosis, not a request for logs", () => {
    expect(readChinese("为什么 media 里的 media-transcoder 一直在重启？日志里没有报错")).toBe(
      "why is media-transcoder failing in media?",
    );
    // Asked to be shown, the log is still what the user wants.
    expect(readChinese("为什么 api 一直重启？给我看看 api 的日志")).toBe("show the logs of api");
  });
});
