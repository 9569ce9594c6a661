import { describe, expect, it } from "vitest";
import { parseAction } from "./parseAction";

const t = (text: string) => parseAction(text);

describe("parseAction: English", () => {
  it.each([
    ["restart the checkout deployment", { verb: "restart", name: "checkout", kind: "Deployment" }],
    ["restart checkout in shop", { verb: "restart", name: "checkout", namespace: "shop" }],
    ["please do a rolling restart of cart", { verb: "restart", name: "cart" }],
    ["can you bounce the api?", { verb: "restart", name: "api" }],
    ["then restart the one in staging instead", { verb: "restart", namespace: "staging" }],
    [
      "restart the pod checkout-7d9c5b6f4-x8k2p",
      { verb: "delete-pod", name: "checkout-7d9c5b6f4-x8k2p" },
    ],
    ["roll back orders-api", { verb: "rollback", name: "orders-api" }],
    [
      "rollback payments-api in payments",
      { verb: "rollback", name: "payments-api", namespace: "payments" },
    ],
    ["roll it back to revision 3", { verb: "rollback", revision: 3 }],
    ["undo the rollout of cart", { verb: "rollback", name: "cart" }],
    ["revert billing-api to revision two", { verb: "rollback", name: "billing-api", revision: 2 }],
    ["mark worker-2 unschedulable", { verb: "cordon", name: "worker-2", kind: "Node" }],
    ["cordon node worker-1", { verb: "cordon", name: "worker-1" }],
    ["ok, uncordon it again", { verb: "uncordon", pronoun: true }],
    ["make worker-2 schedulable again", { verb: "uncordon", name: "worker-2" }],
    ["drain worker-3", { verb: "drain", name: "worker-3" }],
    ["drain that node", { verb: "drain", kind: "Node", pronoun: true }],
    [
      "suspend the sitemap cronjob in storefront",
      { verb: "suspend", name: "sitemap", kind: "CronJob", namespace: "storefront" },
    ],
    ["resume it", { verb: "resume", pronoun: true }],
    ["pause the orders-api rollout", { verb: "suspend", name: "orders-api", kind: "Deployment" }],
    ["resume the rollout", { verb: "resume", kind: "Deployment" }],
    [
      "disable the nightly-backup cron job",
      { verb: "suspend", name: "nightly-backup", kind: "CronJob" },
    ],
    [
      "delete the pod checkout-7d9c5b6f4-x8k2p",
      { verb: "delete-pod", name: "checkout-7d9c5b6f4-x8k2p" },
    ],
    [
      "delete the other checkout pod instead",
      { verb: "delete-pod", name: "checkout", other: true },
    ],
    ["kill api-0", { verb: "delete-pod", name: "api-0" }],
    ["turn off the nightly-backup cronjob", { verb: "suspend", name: "nightly-backup" }],
    ["switch on cronjob nightly-backup", { verb: "resume", name: "nightly-backup" }],
    ["give cart 3 replicas", { verb: "scale", name: "cart" }],
    [
      "rollout restart deployment checkout",
      { verb: "restart", name: "checkout", kind: "Deployment" },
    ],
    [
      "please restart deploy/checkout -n shop",
      { verb: "restart", name: "checkout", namespace: "shop" },
    ],
  ])("%s", (text, want) => {
    const r = t(text);
    expect(r).toBeDefined();
    const { verb, revision, ...target } = want as Record<string, unknown>;
    expect(r?.verb).toBe(verb);
    if (revision !== undefined) expect(r?.revision).toBe(revision);
    expect(r?.target).toMatchObject(target);
    if (!("name" in target)) expect(r?.target.name).toBeUndefined();
    expect(r?.language).toBe("en");
  });

  it("scales to, up and down by a count, in digits or words", () => {
    expect(t("scale deployment cart in shop to 3")).toMatchObject({
      verb: "scale",
      replicas: { to: 3 },
      target: { name: "cart", namespace: "shop", kind: "Deployment" },
    });
    expect(t("scale up cart in shop by 2")?.replicas).toEqual({ by: 2 });
    expect(t("now scale it down by 1")).toMatchObject({
      replicas: { by: -1 },
      target: { pronoun: true },
    });
    expect(t("scale dashboards down to 1 replica to make room")).toMatchObject({
      replicas: { to: 1 },
      target: { name: "dashboards" },
    });
    expect(t("scale cart to three replicas")?.replicas).toEqual({ to: 3 });
    expect(t("scale worker to zero")?.replicas).toEqual({ to: 0 });
    expect(t("add 2 replicas to cart")?.replicas).toEqual({ by: 2 });
    expect(t("remove one replica from cart")?.replicas).toEqual({ by: -1 });
    expect(t("set cart's replicas to 5")).toMatchObject({
      replicas: { to: 5 },
      target: { name: "cart" },
    });
  });

  it("sets an image or only its tag, keeps the value's case", () => {
    expect(t("change payments-api's image tag to v2.3.1")).toMatchObject({
      verb: "set-image",
      image: { tag: "v2.3.1" },
      target: { name: "payments-api" },
    });
    expect(
      t("set the image of payments-api in payments to ghcr.io/acme/payments-api:v2.3.1"),
    ).toMatchObject({
      image: { image: "ghcr.io/acme/payments-api:v2.3.1" },
      target: { name: "payments-api", namespace: "payments" },
    });
    expect(t("update cart to v1.9.0")).toMatchObject({
      verb: "set-image",
      image: { tag: "v1.9.0" },
    });
    expect(t("set image of web container nginx to nginx:1.27")).toMatchObject({
      image: { image: "nginx:1.27", container: "nginx" },
      target: { name: "web" },
    });
  });

  it("sets and removes environment variables", () => {
    expect(t("set LOG_LEVEL=debug on api in shop")).toMatchObject({
      verb: "set-env",
      env: [{ name: "LOG_LEVEL", value: "debug" }],
      target: { name: "api", namespace: "shop" },
    });
    expect(t("set FEATURE_RECS=true on cart in shop")?.target.name).toBe("cart");
    expect(t("set the env var LOG_LEVEL to debug on checkout")).toMatchObject({
      env: [{ name: "LOG_LEVEL", value: "debug" }],
      target: { name: "checkout" },
    });
    expect(t("remove the LOG_LEVEL environment variable from checkout")).toMatchObject({
      verb: "unset-env",
      env: [{ name: "LOG_LEVEL" }],
      target: { name: "checkout" },
    });
    expect(t("drop LOG_LEVEL from checkout")?.verb).toBe("unset-env");
    expect(t('set DB_PASSWORD="s3cr3t pass" on api')?.env).toEqual([
      { name: "DB_PASSWORD", value: "s3cr3t pass" },
    ]);
  });

  it("sets requests and limits", () => {
    expect(t("bump cart's memory limit to 512Mi")).toMatchObject({
      verb: "set-resources",
      resources: { limits: { memory: "512Mi" }, requests: {} },
      target: { name: "cart" },
    });
    expect(t("give it a cpu request of 500m")).toMatchObject({
      resources: { requests: { cpu: "500m" }, limits: {} },
      target: { pronoun: true },
    });
    expect(t("and limit its memory to 1Gi")?.resources).toEqual({
      limits: { memory: "1Gi" },
      requests: {},
    });
    expect(t("set cpu request 250m and memory limit 1 GiB on api")?.resources).toEqual({
      requests: { cpu: "250m" },
      limits: { memory: "1Gi" },
    });
    expect(t("increase report-worker memory to 2Gi")?.resources?.limits).toEqual({ memory: "2Gi" });
  });

  it("leaves questions, statements and follow-ups alone", () => {
    for (const text of [
      "why does checkout keep restarting?",
      "I scaled reporting to 3 replicas in team-a but only one pod exists — why?",
      "how do I fix it?",
      "fix it",
      "undo that",
      "revert it",
      "what did you change?",
      "show me cart's environment",
      "show me the rollout history instead",
      "is it fixed now?",
      "kubectl scale deployment/cart -n shop --replicas=3",
      "list pods in shop",
      "describe checkout",
      "stop",
    ])
      expect(t(text), text).toBeUndefined();
  });
});

describe("parseAction: Chinese", () => {
  it.each([
    ["重启 checkout", { verb: "restart", name: "checkout" }],
    ["重启 api", { verb: "restart", name: "api" }],
    ["把 cart 扩容到 3 个副本", { verb: "scale", name: "cart" }],
    ["回滚 payments-api", { verb: "rollback", name: "payments-api" }],
    ["把节点 worker-2 设为不可调度", { verb: "cordon", name: "worker-2", kind: "Node" }],
    ["恢复 worker-2 的调度", { verb: "uncordon", name: "worker-2" }],
    ["排空节点 worker-3", { verb: "drain", name: "worker-3" }],
    [
      "暂停 storefront 里的 sitemap 定时任务",
      { verb: "suspend", name: "sitemap", namespace: "storefront", kind: "CronJob" },
    ],
    ["恢复它", { verb: "resume", pronoun: true }],
    ["暂停 orders-api 的发布", { verb: "suspend", name: "orders-api", kind: "Deployment" }],
    ["继续发布", { verb: "resume", kind: "Deployment" }],
    [
      "给 shop 里的 checkout 设置环境变量 LOG_LEVEL=debug",
      { verb: "set-env", name: "checkout", namespace: "shop" },
    ],
    ["把它的内存限制提高到 1Gi", { verb: "set-resources", pronoun: true }],
    ["把 payments-api 的镜像标签改成 v2.3.1", { verb: "set-image", name: "payments-api" }],
    ["删除 pod checkout-7d9c5b6f4-x8k2p", { verb: "delete-pod", name: "checkout-7d9c5b6f4-x8k2p" }],
    ["删除 checkout 的环境变量 LOG_LEVEL", { verb: "unset-env", name: "checkout" }],
    ["帮我重启一下 checkout", { verb: "restart", name: "checkout" }],
    ["把 cart 的内存调到 512Mi", { verb: "set-resources", name: "cart" }],
    ["停止 sitemap 定时任务", { verb: "suspend", name: "sitemap", kind: "CronJob" }],
    ["取消 worker-2 的封锁", { verb: "uncordon", name: "worker-2" }],
    ["把 checkout 的环境变量 LOG_LEVEL 改成 debug", { verb: "set-env", name: "checkout" }],
    ["把 cart 的副本数改成 5", { verb: "scale", name: "cart" }],
  ])("%s", (text, want) => {
    const r = t(text);
    expect(r).toBeDefined();
    const { verb, ...target } = want as Record<string, unknown>;
    expect(r?.verb).toBe(verb);
    expect(r?.target).toMatchObject(target);
    if (!("name" in target)) expect(r?.target.name).toBeUndefined();
    expect(r?.language).toBe("zh");
  });

  it("reads counts, revisions and values in Chinese sentences", () => {
    expect(t("把 cart 扩容到 3 个副本")?.replicas).toEqual({ to: 3 });
    expect(t("把 cart 扩容到三个副本")?.replicas).toEqual({ to: 3 });
    expect(t("cart 增加两个副本")?.replicas).toEqual({ by: 2 });
    expect(t("把 dashboards 缩容到 1")?.replicas).toEqual({ to: 1 });
    expect(t("把 orders-api 回滚到版本 3")?.revision).toBe(3);
    expect(t("把 orders-api 回滚到第 4 个版本")?.revision).toBe(4);
    expect(t("回滚到上一个版本")?.revision).toBeUndefined();
    expect(t("把它的内存限制提高到 1Gi")?.resources).toEqual({
      limits: { memory: "1Gi" },
      requests: {},
    });
    expect(t("把 search-api 的 CPU 请求设为 500m")?.resources).toEqual({
      requests: { cpu: "500m" },
      limits: {},
    });
    expect(t("给 shop 里的 checkout 设置环境变量 LOG_LEVEL=debug")?.env).toEqual([
      { name: "LOG_LEVEL", value: "debug" },
    ]);
    expect(t("把 payments-api 的镜像标签改成 v2.3.1")?.image).toEqual({ tag: "v2.3.1" });
  });

  it("leaves Chinese questions and follow-ups alone", () => {
    for (const text of [
      "shop 里的 checkout 为什么一直重启？",
      "checkout 一直重启",
      "怎么回滚？",
      "修复它",
      "现在怎么样了？",
      "刚才改了什么？",
      "其他 pod 呢？",
      "prod 里的那个",
      "检查 default 命名空间下的 pod",
      "看看它的日志",
    ])
      expect(t(text), text).toBeUndefined();
  });
});

describe("parseAction: a leading interjection is not the target", () => {
  it.each(["fine, scale it back to 1", "yes, scale it back to 1"])("%s targets 'it'", (text) => {
    const a = t(text);
    expect(a?.verb).toBe("scale");
    expect(a?.target.name).toBeUndefined();
    expect(a?.target.pronoun).toBe(true);
  });
});

describe("parseAction: a refusal before the request", () => {
  it("reads the request after 'no, don't …,'", () => {
    expect(t("no, don't restart anything, just roll it back")?.verb).toBe("rollback");
    expect(t("don't scale it; restart it")?.verb).toBe("restart");
    expect(t("no, don't restart checkout, roll back payments-api")?.target.name).toBe(
      "payments-api",
    );
    expect(t("no, don't restart anything, just roll it back")?.target).toMatchObject({
      pronoun: true,
    });
    expect(t("no, don't restart anything, just roll it back")?.target.name).toBeUndefined();
  });
});

describe("parseAction: Chinese 'raise to' verbs", () => {
  it("reads 提到 as a resources change", () => {
    expect(t("把内存 limit 提到 1Gi")).toMatchObject({
      verb: "set-resources",
      resources: { limits: { memory: "1Gi" } },
    });
  });
});
