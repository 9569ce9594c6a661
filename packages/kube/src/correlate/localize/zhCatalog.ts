/**
 * The correlation's sentences in Simplified Chinese, keyed by message id.
 * Each entry matches one sentence (or clause) template the rules write in
 * English — its parameters are object names, values and quoted messages —
 * and says it in Chinese with the same parameters. Object names, kinds,
 * reasons (CrashLoopBackOff, OOMKilled…), values and quoted tool messages
 * stay as they are. A sentence without an entry stays English: the
 * catalog test runs every built-in scenario and lists what is left.
 *
 * Entries apply in order; longer templates come before the clauses they contain.
 */
export interface CatalogEntry {
  id: string;
  en: RegExp;
  zh: (...params: string[]) => string;
}

/** `Deployment shop/checkout`, `StatefulSet data/clickhouse`: a kind and a namespaced name. */
const W = "([A-Z][A-Za-z]+ [a-z0-9][-a-z0-9.]*/[a-z0-9][-a-z0-9.]*)";
/** A name or value without spaces. */
const N = '([^\\s,;:()"]+?)';
/** The end of a sentence: a period before a space or the end (values hold periods: `limits.cpu=4`). */
const END = "\\.(?=\\s|$)";
/** A value that may hold colons: an image reference. */
const V = "(\\S+?)";

/** A probe's kind in Chinese. */
const PROBE_ZH: Record<string, string> = { readiness: "就绪", startup: "启动", liveness: "存活" };

function re(source: string): RegExp {
  return new RegExp(source, "g");
}

const PULL_EXPLAIN: Record<string, string> = {
  "the registry has no such image or tag": "镜像仓库中没有这个镜像或标签",
  "the registry refuses the pull without valid credentials (imagePullSecrets)":
    "镜像仓库拒绝了没有有效凭据（imagePullSecrets）的拉取",
  "the registry cannot be reached from the node": "节点无法访问镜像仓库",
  "the image reference is not valid": "镜像引用无效",
  "the pull fails": "拉取失败",
};
const EXPLAIN = `(${Object.keys(PULL_EXPLAIN)
  .map((k) => k.replace(/[()]/g, "\\$&"))
  .join("|")})`;

function how(exit: string): string {
  const m = /^exits with code (\S+) \((\w+)\)$/.exec(exit);
  return m === null ? "退出" : `以退出码 ${m[1] ?? "?"}（${m[2] ?? "Error"}）退出`;
}

export const ZH_CATALOG: readonly CatalogEntry[] = [
  // ── root causes: crash loops ──────────────────────────────────────────────
  {
    id: "crash.rootCause",
    en: re(
      `Container ${N} of ${W} (exits(?: with code \\S+ \\(\\w+\\))?) shortly after starting (?:and is restarted in a loop \\(CrashLoopBackOff, (\\d+) restarts\\)|and the pod has failed)\\.`,
    ),
    zh: (c, w, exit, restarts) =>
      `${w} 的容器 ${c} 启动后不久即${how(exit ?? "")}，` +
      (restarts ? `并被反复重启（CrashLoopBackOff，已重启 ${restarts} 次）。` : "pod 已失败。"),
  },
  {
    id: "crash.missingEnv.undefined",
    en: re(
      `The program stops because environment variable ${N} is not set: the pod template of ${W} does not define \\S+?\\.`,
    ),
    zh: (v, w) => `程序因环境变量 ${v} 未设置而退出：${w} 的 pod 模板中没有定义 ${v}。`,
  },
  {
    id: "crash.missingEnv",
    en: re(`The program stops because environment variable ${N} is not set\\.`),
    zh: (v) => `程序因环境变量 ${v} 未设置而退出。`,
  },
  {
    id: "crash.logEnds",
    en: re(`Its (previous|last) log ends with: "(.*?)"\\.(?= |$)`),
    zh: (which, line) =>
      `它${which === "previous" ? "上一次" : "最近一次"}的日志最后一行是：“${line}”。`,
  },
  // ── root causes: OOM ──────────────────────────────────────────────────────
  {
    id: "oom.rootCause",
    en: re(
      `Container ${N} of ${W} is killed by the kernel OOM killer \\(reason OOMKilled, exit code (\\d+), (\\d+) restarts\\): `,
    ),
    zh: (c, w, code, restarts) =>
      `${w} 的容器 ${c} 被内核 OOM killer 杀死（原因 OOMKilled，退出码 ${code}，已重启 ${restarts} 次）：`,
  },
  {
    id: "oom.overLimit",
    en: re(`it uses more memory than its limit of ${N}${END}`),
    zh: (limit) => `它使用的内存超过了 ${limit} 的限制。`,
  },
  {
    id: "oom.noLimit",
    en: re(
      "it has no memory limit of its own, so the node ran out of memory or a namespace default limit applies\\.",
    ),
    zh: () => "它自身没有内存限制，因此是节点内存耗尽，或者命名空间的默认限制生效了。",
  },
  {
    id: "oom.metrics",
    en: re(`The metrics API shows pod ${N} already using ${N}(?: \\((\\d+)% of the limit\\))?\\.`),
    zh: (pod, used, pct) =>
      `metrics API 显示 pod ${pod} 已经使用了 ${used}${pct ? `（达到限制的 ${pct}%）` : ""}。`,
  },
  {
    id: "oom.lastLogged",
    en: re(
      `The last instance logged ${N} in use just before it was killed \\("(.*?)"\\)\\.(?= |$)`,
    ),
    zh: (used, line) => `上一个实例在被杀死之前记录的内存使用量为 ${used}（“${line}”）。`,
  },
  {
    id: "oom.logSays",
    en: re(`Its log says: "(.*?)"\\.(?= |$)`),
    zh: (line) => `它的日志写道：“${line}”。`,
  },
  // ── root causes: image pulls ──────────────────────────────────────────────
  {
    id: "imagePull.rootCause",
    en: re(
      `The kubelet cannot pull image "([^"]+)" for container ${N} of ${W} \\((\\w+)\\): ${EXPLAIN}\\. Registry answer: (.+?)(?= The previous revision used| The pod names| Symptom: |$)`,
    ),
    zh: (image, c, w, reason, explain, answer) =>
      `kubelet 无法为 ${w} 的容器 ${c} 拉取镜像 "${image}"（${reason}）：${PULL_EXPLAIN[explain ?? ""] ?? explain}。镜像仓库的回答：“${(answer ?? "").trim()}”`,
  },
  {
    id: "imagePull.previous",
    en: re(`The previous revision used "([^"]+)"\\.`),
    zh: (image) => `上一个版本使用的是 "${image}"。`,
  },
  {
    id: "imagePull.missingPullSecret",
    en: re(
      `The pod names image pull secret ${N}, which does not exist in namespace ${N}, so the kubelet pulls without credentials\\.`,
    ),
    zh: (s, ns) =>
      `pod 引用了镜像拉取 Secret ${s}，但它在命名空间 ${ns} 中不存在，因此 kubelet 在没有凭据的情况下拉取。`,
  },
  // ── root causes: missing configuration ────────────────────────────────────
  {
    id: "config.missingKey",
    en: re(
      `Container ${N} of ${W} references (Secret|ConfigMap) ${N} key ${N}, but (?:Secret|ConfigMap) ${N} has no key ${N} \\(it has: (.*?)\\), so the kubelet cannot create the container\\.`,
    ),
    zh: (c, w, kind, _cm, key, full, _k, has) =>
      `${w} 的容器 ${c} 引用了 ${kind} ${full} 的键 ${key}，但 ${kind} ${full} 中没有键 ${key}（现有的键：${has}），因此 kubelet 无法创建该容器。`,
  },
  {
    id: "config.missingObject",
    en: re(
      `Container ${N} of ${W} references (Secret|ConfigMap) ${N}, but (?:Secret|ConfigMap) ${N} does not exist, so the kubelet cannot create the container\\.`,
    ),
    zh: (c, w, kind, _name, full) =>
      `${w} 的容器 ${c} 引用了 ${kind} ${full}，但它不存在，因此 kubelet 无法创建该容器。`,
  },
  // ── root causes: probes ───────────────────────────────────────────────────
  {
    id: "readiness.rootCause",
    en: re(
      `The readiness probe of container ${N} in ${W} fails, so its pods stay out of their Services' endpoints: (.+?)\\.(?= The probe| Symptom: |$)`,
    ),
    zh: (c, w, message) =>
      `${w} 中容器 ${c} 的就绪探针（readiness probe）失败，因此它的 pod 不会加入 Service 的端点：“${message}”。`,
  },
  {
    id: "readiness.wrongPort",
    en: re(
      "The probe checks port (\\d+), but the container listens on (\\d+): nothing answers on \\d+\\.",
    ),
    zh: (probe, port) =>
      `探针检查的是端口 ${probe}，但容器监听的是 ${port}：${probe} 端口上没有任何响应。`,
  },
  {
    id: "throttled.rootCause",
    en: re(
      `Container ${N} of ${W} uses its whole CPU limit of ${N} \\(the metrics API: ([^)]*)\\), so the kernel throttles it every scheduling period and it answers slowly; its (readiness|startup|liveness) probe times out \\((.*?)\\)\\. The probe's port and path are answered; the CPU limit is what is too low\\.`,
    ),
    zh: (c, w, limit, usage, kind, message) =>
      `${w} 的容器 ${c} 用满了 ${limit} 的 CPU 上限（metrics API：${usage}），内核在每个调度周期都对它限流，它因此响应缓慢；它的${PROBE_ZH[kind] ?? kind}探针超时（“${message}”）。探针的端口和路径都有应答；太低的是 CPU 上限。`,
  },
  // ── root causes: scheduling, quota ────────────────────────────────────────
  {
    id: "pending.resources",
    en: re(
      `The scheduler cannot place pod ${N} of ${W}: it requests ${N} (\\w+), more than any node can offer \\(the largest allocatable is ${N}\\)\\.`,
    ),
    zh: (pod, w, amount, resource, largest) =>
      `调度器无法放置 ${w} 的 pod ${pod}：它请求 ${amount} ${resource}，超过了任何节点能提供的量（最大的可分配量是 ${largest}）。`,
  },
  {
    id: "pending.taint",
    en: re(
      `The scheduler cannot place pod ${N} of ${W}: node ${N} carries the taint (\\{.*?\\}), which the pod does not tolerate, and its nodeSelector ${N} allows no other node\\.`,
    ),
    zh: (pod, w, node, taint, selector) =>
      `调度器无法放置 ${w} 的 pod ${pod}：节点 ${node} 带有 pod 不能容忍的污点 ${taint}，而它的 nodeSelector ${selector} 不允许调度到其他节点。`,
  },
  {
    id: "pending.schedulerMessage",
    en: re(`Scheduler message: "(.*?)"(?= Symptom: |$)`),
    zh: (m) => `调度器的消息：“${m}”`,
  },
  {
    id: "quota.rootCause",
    en: re(
      `ReplicaSet ${N} of ${W} cannot create pods: ResourceQuota ${N} is exhausted — requested ${N}, used ${N}, limited ${N}${END}`,
    ),
    zh: (rs, w, quota, requested, used, limited) =>
      `${w} 的 ReplicaSet ${rs} 无法创建 pod：ResourceQuota ${quota} 已用尽 —— 请求 ${requested}，已用 ${used}，上限 ${limited}。`,
  },
  {
    id: "pvc.missingClass",
    en: re(
      `PersistentVolumeClaim ${N} cannot be provisioned because StorageClass "${N}" does not exist \\(existing StorageClasses: (.*?)\\), so no volume is created and pods using it cannot be scheduled\\.`,
    ),
    zh: (pvc, sc, existing) =>
      `PersistentVolumeClaim ${pvc} 无法被供给，因为 StorageClass "${sc}" 不存在（现有的 StorageClass：${existing}），所以不会创建卷，使用它的 pod 也无法被调度。`,
  },
  {
    id: "pvc.podWaits",
    en: re(`Pod ${N} of ${W} waits for it \\((\\w+)\\)\\.`),
    zh: (pod, w, status) => `${w} 的 Pod ${pod} 正在等待它（${status}）。`,
  },
  // ── root causes: services, jobs, rbac ─────────────────────────────────────
  {
    id: "service.selectorMatchesNothing",
    en: re(`Service ${N} has no endpoints because its selector ${N} matches no pod\\.`),
    zh: (svc, sel) => `Service ${svc} 没有端点，因为它的选择器 ${sel} 没有匹配到任何 pod。`,
  },
  {
    id: "service.selectorDiffers",
    en: re(
      `The pods of ${W} look like its intended backends but differ on ${N} \\(the pods have ${N}\\)\\.`,
    ),
    zh: (w, sel, have) =>
      `${w} 的 pod 看起来是它本应选择的后端，但在 ${sel} 上不一致（这些 pod 的标签是 ${have}）。`,
  },
  {
    id: "service.scaledToZero",
    en: re(
      `Service ${N} has no endpoints: its backend ${W} is scaled to 0 replicas(?: \\((.*?)\\))?\\.`,
    ),
    zh: (svc, w, when) =>
      `Service ${svc} 没有端点：它的后端 ${w} 被缩容到了 0 个副本${when ? `（${when}）` : ""}。`,
  },
  {
    id: "service.noneFailing",
    en: re("No pod is failing: there is none to route to\\."),
    zh: () => "没有 pod 出故障：只是没有可以转发流量的 pod。",
  },
  {
    id: "job.rootCause",
    en: re(`Job ${N} failed after (\\d+) failed pod\\(s\\) — (\\w+): (.*?)\\.(?= Its last pod|$)`),
    zh: (job, n, reason, message) =>
      `Job ${job} 在 ${n} 个 pod 失败后失败 —— ${reason}：“${message}”。`,
  },
  {
    id: "job.lastPod",
    en: re(`Its last pod ${N} exited with code (\\d+) after logging: "(.*?)"\\.`),
    zh: (pod, code, line) => `它的最后一个 pod ${pod} 在输出“${line}”之后以退出码 ${code} 退出。`,
  },
  {
    id: "rbac.rootCause",
    en: re(
      `The API server answers 403 Forbidden to ${W}: ServiceAccount ${N} \\(user ${V}\\) is not allowed to ${N} ${N} \\(API group "(.*?)"\\) in namespace ${N}${END}`,
    ),
    zh: (w, sa, user, verbs, resource, group, ns) =>
      `API server 对 ${w} 返回 403 Forbidden：ServiceAccount ${sa}（用户 ${user}）不允许在命名空间 ${ns} 中对 ${resource}（API 组 "${group}"）执行 ${verbs}。`,
  },
  {
    id: "rbac.allowsOnly",
    en: re(`Its ${N} \\(via (.+?)\\) allows only (.+?) on ${N}${END}`),
    zh: (role, binding, verbs, resource) =>
      `它的 ${role}（通过 ${binding}）只允许对 ${resource} 执行 ${verbs}。`,
  },
  {
    id: "rollout.rootCause",
    en: re(
      `The rollout of ${W} does not progress: the new ReplicaSet ${N} \\(revision (\\d+), image ${V}\\) has (\\d+) of (\\d+) pods ready(?: \\((.*?)\\))?, (\\d+/\\d+) replicas updated, while (\\d+) pod\\(s\\) of the previous ReplicaSet still serve${END}`,
    ),
    zh: (w, rs, rev, image, ready, want, detail, updated, old) =>
      `${w} 的发布没有进展：新的 ReplicaSet ${rs}（版本 ${rev}，镜像 ${image}）只有 ${ready}/${want} 个 pod 就绪${detail ? `（${detail}）` : ""}，已更新 ${updated} 个副本，而旧 ReplicaSet 的 ${old} 个 pod 仍在提供服务。`,
  },
  {
    id: "rollout.newPodsFailReadiness",
    en: re("The new pods run but fail readiness: (.+?)\\.(?=\\s|$)"),
    zh: (message) => `新 pod 在运行，但就绪检查失败：“${message}”。`,
  },
  {
    id: "crash.optionalEnv",
    en: re(
      `Container ${N} of ${W} stops at start-up because environment variable ${N} is not set \\(CrashLoopBackOff, (\\d+) restarts\\): it would come from (Secret|ConfigMap) ${N}, which the container loads with envFrom marked optional, and (?:Secret|ConfigMap) ${N} does not exist${END}`,
    ),
    zh: (c, w, v, restarts, kind, _name, full) =>
      `${w} 的容器 ${c} 在启动时退出，因为环境变量 ${v} 未设置（CrashLoopBackOff，已重启 ${restarts} 次）：它本应来自 ${kind} ${full}（容器通过标记为 optional 的 envFrom 加载它），但 ${kind} ${full} 不存在。`,
  },
  {
    id: "crash.optionalEnv.why",
    en: re(
      "Because the reference is optional, the kubelet starts the container without the variable instead of refusing it, so the missing config shows up as a crash loop\\.",
    ),
    zh: () =>
      "由于引用是 optional 的，kubelet 会在没有该变量的情况下启动容器而不是拒绝启动，所以缺失的配置表现为崩溃循环。",
  },
  {
    id: "fix.rollback.worked",
    en: re(
      "^Returns the Deployment to the template that worked; the broken change can then be fixed without an outage\\.$",
    ),
    zh: () =>
      "把 Deployment 恢复到能正常工作的模板；之后可以在不中断服务的情况下修复有问题的改动。",
  },
  {
    id: "fix.createSecretWith",
    en: re(`^Create Secret ${N} with ${N}$`),
    zh: (s, v) => `创建包含 ${v} 的 Secret ${s}`,
  },
  {
    id: "fix.createSecretWith.why",
    en: re(
      `^The application cannot start without ${N}; once Secret ${N} provides it, new pods get the variable \\(the value never passes through kubemedic\\)\\. Restart the workload afterwards: running containers do not reload their environment\\.$`,
    ),
    zh: (v, s) =>
      `没有 ${v} 应用就无法启动；一旦 Secret ${s} 提供了它，新的 pod 就会获得该变量（值不会经过 kubemedic）。之后请重启工作负载：正在运行的容器不会重新加载环境变量。`,
  },
  {
    id: "fix.allowVerbs",
    en: re(`^Allow (.+?) on ${N} in (.+)$`),
    zh: (verbs, res, role) => `在 ${role} 中允许对 ${res} 执行 ${verbs.replace(" and ", "、")}`,
  },
  {
    id: "fix.allowVerbs.why",
    en: re(
      `^The program needs ${N} on ${N}; the Role grants only ${N}\\. Adding exactly the refused verbs is the least privilege that ends the 403s\\.$`,
    ),
    zh: (verbs, res, granted) =>
      `程序需要对 ${res} 执行 ${verbs}，而 Role 只授予了 ${granted}。只添加被拒绝的动词，是结束 403 错误所需的最小权限。`,
  },
  // ── summaries (also quoted after "Symptom:") ──────────────────────────────
  {
    id: "summary.crashLoopEnv",
    en: re(`${W} crash-loops: environment variable ${N} is not set\\.`),
    zh: (w, v) => `${w} 反复崩溃（CrashLoop）：环境变量 ${v} 未设置。`,
  },
  {
    id: "summary.crashLoopOptional",
    en: re(`${W} crash-loops because ${N} is not set: (.+?) does not exist\\.`),
    zh: (w, v, what) => `${w} 反复崩溃，因为 ${v} 未设置：${what} 不存在。`,
  },
  {
    id: "summary.crashLoop",
    en: re(`${W} crash-loops: container ${N} (exits(?: with code \\S+ \\(\\w+\\))?)\\.`),
    zh: (w, c, exit) => `${w} 反复崩溃：容器 ${c} ${how(exit ?? "")}。`,
  },
  {
    id: "summary.oom",
    en: re(`${W} is OOMKilled: container ${N} exceeds its (?:(\\S+) )?memory limit\\.`),
    zh: (w, c, limit) =>
      `${w} 被 OOMKilled：容器 ${c} 超出了它的${limit ? ` ${limit} ` : ""}内存限制。`,
  },
  {
    id: "summary.imagePull.secret",
    en: re(`${W} cannot pull image ${V}: ${EXPLAIN}: image pull secret ${N} does not exist\\.`),
    zh: (w, image, explain, secret) =>
      `${w} 无法拉取镜像 ${image}：${PULL_EXPLAIN[explain ?? ""] ?? explain}：镜像拉取 Secret ${secret} 不存在。`,
  },
  {
    id: "summary.imagePull",
    en: re(`${W} cannot pull image ${V}: ${EXPLAIN}\\.`),
    zh: (w, image, explain) =>
      `${w} 无法拉取镜像 ${image}：${PULL_EXPLAIN[explain ?? ""] ?? explain}。`,
  },
  {
    id: "summary.missingKey",
    en: re(`${W} cannot start: (Secret|ConfigMap) ${N} has no key ${N} \\(it has: (.*?)\\)\\.`),
    zh: (w, kind, cm, key, has) =>
      `${w} 无法启动：${kind} ${cm} 中没有键 ${key}（现有的键：${has}）。`,
  },
  {
    id: "summary.cannotStart",
    en: re(`${W} cannot start: (Secret|ConfigMap) ${N} does not exist\\.`),
    zh: (w, kind, name) => `${w} 无法启动：${kind} ${name} 不存在。`,
  },
  {
    id: "summary.dns",
    en: re(`${W} cannot resolve ${N}\\.(?= |$)`),
    zh: (w, host) => `${w} 无法解析 ${host}。`,
  },
  {
    id: "summary.hpa",
    en: re(
      `HPA ${N} cannot compute ${N} utilization: ([A-Z][A-Za-z]+ \\S+?) sets no ${N} request\\.`,
    ),
    zh: (hpa, res, w) => `HPA ${hpa} 无法计算 ${res} 使用率：${w} 没有设置 ${res} request。`,
  },
  {
    id: "summary.pvcAccessMode",
    en: re(`PersistentVolumeClaim ${N} asks for ${N}, which StorageClass ${N} cannot provision\\.`),
    zh: (pvc, mode, sc) =>
      `PersistentVolumeClaim ${pvc} 请求 ${mode}，而 StorageClass ${sc} 无法供给这种卷。`,
  },
  {
    id: "summary.ingressNoService",
    en: re(`Ingress ${N} routes ${N} to Service ${N}, which does not exist\\.`),
    zh: (ing, path, svc) =>
      `Ingress ${ing} 把 ${path} 路由到 Service ${svc}，但该 Service 不存在。`,
  },
  {
    id: "summary.ingressTls",
    en: re(
      `Ingress ${N} serves ${N} with the controller's default certificate: TLS Secret ${N} does not exist\\.`,
    ),
    zh: (ing, host, secret) =>
      `Ingress ${ing} 用控制器的默认证书为 ${host} 提供服务：TLS Secret ${secret} 不存在。`,
  },
  {
    id: "summary.job",
    en: re(`Job ${N} failed \\((\\w+)\\)\\.`),
    zh: (job, reason) => `Job ${job} 失败（${reason}）。`,
  },
  {
    id: "summary.liveness",
    en: re(`${W} is killed by its liveness probe before it finishes starting\\.`),
    zh: (w) => `${w} 在启动完成之前就被它的存活探针（liveness probe）杀死了。`,
  },
  {
    id: "summary.netpol",
    en: re(`NetworkPolicy ${N} blocks ${W} from reaching Service ${N}${END}`),
    zh: (np, w, svc) => `NetworkPolicy ${np} 阻止了 ${w} 访问 Service ${svc}。`,
  },
  {
    id: "summary.netpolDns",
    en: re(`NetworkPolicy ${N} blocks DNS for ${W}, so it cannot resolve ${N}\\.(?= |$)`),
    zh: (np, w, host) => `NetworkPolicy ${np} 阻止了 ${w} 的 DNS 请求，因此它无法解析 ${host}。`,
  },
  {
    id: "summary.nodeNotReady",
    en: re(`Node ${N} is NotReady; (\\d+) pod\\(s\\) on it are affected\\.`),
    zh: (node, n) => `节点 ${node} 处于 NotReady 状态；其上的 ${n} 个 pod 受到影响。`,
  },
  {
    id: "summary.noPodCarries",
    en: re(`Service ${N} has no endpoints: no pod carries ${N}\\.(?= |$)`),
    zh: (svc, label) => `Service ${svc} 没有端点：没有任何 pod 带有 ${label} 标签。`,
  },
  {
    id: "summary.noPod",
    en: re(`Service ${N} has no endpoints: ${W} has no pod\\.`),
    zh: (svc, w) => `Service ${svc} 没有端点：${w} 没有任何 pod。`,
  },
  {
    id: "summary.pendingResources",
    en: re(`${W} has pods stuck Pending: not enough ${N} on any node\\.`),
    zh: (w, res) => `${w} 的 pod 卡在 Pending：没有任何节点有足够的 ${res}。`,
  },
  {
    id: "summary.pendingTaint",
    en: re(`${W} has pods stuck Pending: nodes carry a taint it does not tolerate \\((.*?)\\)\\.`),
    zh: (w, taint) => `${w} 的 pod 卡在 Pending：节点带有它不能容忍的污点（${taint}）。`,
  },
  {
    id: "summary.podSecurity",
    en: re(`${W} cannot create pods: they violate the namespace's Pod Security level "(\\S+)"\\.`),
    zh: (w, level) => `${w} 无法创建 pod：它们违反了命名空间的 Pod Security 级别 "${level}"。`,
  },
  {
    id: "summary.pvcMissingClass",
    en: re(`PersistentVolumeClaim ${N} stays Pending: StorageClass "${N}" does not exist\\.`),
    zh: (pvc, sc) => `PersistentVolumeClaim ${pvc} 一直处于 Pending：StorageClass "${sc}" 不存在。`,
  },
  {
    id: "summary.quota",
    en: re(`ResourceQuota ${N} stops ${W} from creating pods\\.`),
    zh: (q, w) => `ResourceQuota ${q} 使 ${w} 无法创建 pod。`,
  },
  {
    id: "summary.rbac",
    en: re(`${W} is denied by RBAC: ServiceAccount ${N} may not ${N} ${N}\\.(?= |$)`),
    zh: (w, sa, verbs, res) =>
      `${w} 被 RBAC 拒绝：ServiceAccount ${sa} 不允许对 ${res} 执行 ${verbs}。`,
  },
  {
    id: "summary.readinessPort",
    en: re(`${W} never becomes ready: its readiness probe fails on port (\\d+)\\.`),
    zh: (w, port) => `${w} 始终无法就绪：它的就绪探针在端口 ${port} 上失败。`,
  },
  {
    id: "summary.throttled",
    en: re(
      `${W} is throttled at its ${N} CPU limit: its (readiness|startup|liveness) probe times out\\.`,
    ),
    zh: (w, limit, kind) =>
      `${w} 在 ${limit} 的 CPU 上限处被限流：它的${PROBE_ZH[kind] ?? kind}探针超时。`,
  },
  {
    id: "summary.readiness",
    en: re(`${W} never becomes ready: its readiness probe fails\\.`),
    zh: (w) => `${w} 始终无法就绪：它的就绪探针失败。`,
  },
  {
    id: "summary.rolloutStuck",
    en: re(`The rollout of ${W} is stuck at revision (\\d+): (\\d+/\\d+) new pods ready\\.`),
    zh: (w, rev, ready) => `${w} 的发布卡在版本 ${rev}：新 pod 就绪 ${ready}。`,
  },
  {
    id: "summary.selector",
    en: re(`Service ${N} selects no pod: its selector ${N} does not match the labels of ${W}\\.`),
    zh: (svc, sel, w) =>
      `Service ${svc} 没有选中任何 pod：它的选择器 ${sel} 与 ${w} 的标签不匹配。`,
  },
  {
    id: "summary.noReadyEndpoint",
    en: re(
      `Service ${N} has no ready endpoint: all (\\d+) matching pod\\(s\\) are unready(?: \\((\\d+) Pending\\))?\\.`,
    ),
    zh: (svc, n, pending) =>
      `Service ${svc} 没有就绪的端点：匹配的 ${n} 个 pod 全都未就绪${pending ? `（${pending} 个处于 Pending）` : ""}。`,
  },
  { id: "symptom", en: re("(^|\\s)Symptom: "), zh: (lead) => `${lead ?? ""}症状：` },
  // ── fixes: titles ─────────────────────────────────────────────────────────
  {
    id: "fix.readLog",
    en: re("^Read the (previous|last) instance's full log$"),
    zh: (which) => `查看${which === "previous" ? "上一个" : "最近一个"}实例的完整日志`,
  },
  {
    id: "fix.readLog.why",
    en: re("^The last lines before the exit say why the program stopped\\.$"),
    zh: () => "退出前的最后几行日志说明了程序停止的原因。",
  },
  {
    id: "fix.setEnv",
    en: re(`^Set ${N} on container ${N}$`),
    zh: (v, c) => `在容器 ${c} 上设置 ${v}`,
  },
  {
    id: "fix.setEnv.why",
    en: re(
      `^The program refuses to start without ${N}; setting it \\(with the right value, or from a Secret with --from=secret/<name>\\) ends the crash loop\\.$`,
    ),
    zh: (v) =>
      `没有 ${v} 程序就拒绝启动；设置它（填入正确的值，或用 --from=secret/<name> 从 Secret 读取）即可结束崩溃循环。`,
  },
  {
    id: "fix.rollback",
    en: re("^Roll back to the previous revision$"),
    zh: () => "回滚到上一个版本",
  },
  {
    id: "fix.rollback.why",
    en: re(
      `^The previous revision \\(image ${V}\\) ran; undoing the rollout restores service while the new version is fixed\\.$`,
    ),
    zh: (image) =>
      `上一个版本（镜像 ${image}）运行正常；撤销这次发布可以在修复新版本期间恢复服务。`,
  },
  {
    id: "fix.setImageBack",
    en: re(`^Set the image of ${N} back to ${V}$`),
    zh: (c, image) => `把 ${c} 的镜像改回 ${image}`,
  },
  {
    id: "fix.setImageBack.why",
    en: re(`^${V} is the image of the previous revision, which the registry served\\.$`),
    zh: (image) => `${image} 是上一个版本的镜像，镜像仓库可以正常提供它。`,
  },
  { id: "fix.undoRollout", en: re("^Or undo the rollout$"), zh: () => "或者撤销这次发布" },
  {
    id: "fix.undoRollout.why",
    en: re("^Returns the whole pod template to the previous revision\\.$"),
    zh: () => "把整个 pod 模板恢复到上一个版本。",
  },
  {
    id: "fix.createPullSecret",
    en: re(`^Create the pull secret ${N} in ${N}$`),
    zh: (s, ns) => `在 ${ns} 中创建镜像拉取 Secret ${s}`,
  },
  {
    id: "fix.createPullSecret.why",
    en: re(
      `^The pod template already names ${N}; once it exists with credentials for ${N}, the next pull attempt succeeds \\(the credentials never pass through kubemedic\\)\\.$`,
    ),
    zh: (s, registry) =>
      `pod 模板已经引用了 ${s}；只要它存在并包含 ${registry} 的凭据，下一次拉取就会成功（凭据不会经过 kubemedic）。`,
  },
  {
    id: "fix.checkPullSecrets",
    en: re("^Check the image pull secrets of the pods$"),
    zh: () => "检查 pod 的镜像拉取 Secret",
  },
  {
    id: "fix.checkPullSecrets.why",
    en: re(
      "^A private registry needs a docker-registry Secret listed in imagePullSecrets \\(or on the ServiceAccount\\)\\.$",
    ),
    zh: () =>
      "私有镜像仓库需要在 imagePullSecrets 中（或在 ServiceAccount 上）列出一个 docker-registry 类型的 Secret。",
  },
  {
    id: "fix.addKeyFrom",
    en: re(`^Add key ${N} to ConfigMap ${N} with the value of ${N}$`),
    zh: (k, cm, from) => `向 ConfigMap ${cm} 添加键 ${k}，取 ${from} 的值`,
  },
  {
    id: "fix.pointAtSecret",
    en: re(`^Point ${W} at Secret ${N}$`),
    zh: (w, secret) => `让 ${w} 改为引用 Secret ${secret}`,
  },
  {
    id: "fix.envFromSecret",
    en: re(`^Set ${N} on container ${N} from Secret ${N}$`),
    zh: (env, c, secret) => `在容器 ${c} 上从 Secret ${secret} 设置 ${env}`,
  },
  {
    id: "fix.raiseQuota",
    en: re(`^Raise ResourceQuota ${N} to ${N}$`),
    zh: (quota, to) => `将 ResourceQuota ${quota} 提高到 ${to}`,
  },
  {
    id: "fix.setConfigValue",
    en: re(`^Set ${N} in ConfigMap ${N} to "([^"]*)"$`),
    zh: (key, cm, value) => `将 ConfigMap ${cm} 中的 ${key} 设为 "${value}"`,
  },
  {
    id: "fix.readSecretKey",
    en: re(`^Read key ${N} of Secret ${N} instead of ${N}$`),
    zh: (near, secret, key) => `改为读取 Secret ${secret} 的键 ${near}（而不是 ${key}）`,
  },
  {
    id: "fix.setEnvValue",
    en: re(`^Set ${N} to "([^"]*)"$`),
    zh: (name, value) => `将 ${name} 设为 "${value}"`,
  },
  {
    id: "summary.wrongPort",
    en: re(`^${W} connects to port (\\d+) of Service ${N}, which serves ([\\d, ]+)\\.$`),
    zh: (w, port, svc, ports) =>
      `${w} 连接 Service ${svc} 的端口 ${port}，但该 Service 提供的端口是 ${ports}。`,
  },
  {
    id: "fix.restartForValue",
    en: re(`^Restart ${N} so it reads the new value$`),
    zh: (w) => `重启 ${w}，使其读取新值`,
  },
  {
    id: "summary.configValue",
    en: re(`^ConfigMap ${N} key ${N} holds "([^"]*)", which ${W} cannot use\\.$`),
    zh: (cm, key, value, w) => `ConfigMap ${cm} 的键 ${key} 的值为 "${value}"，${w} 无法使用它。`,
  },
  {
    id: "fix.addKey",
    en: re(`^Add key ${N} to (ConfigMap|Secret) ${N}$`),
    zh: (k, kind, cm) => `向 ${kind} ${cm} 添加键 ${k}`,
  },
  {
    id: "fix.addKey.why",
    en: re(
      `^The container reads ${N} from it; adding the key lets the kubelet create the container\\.$`,
    ),
    zh: (k) => `容器会从中读取 ${k}；添加这个键后，kubelet 就能创建容器。`,
  },
  {
    id: "fix.restartOnceExists",
    en: re("^Restart the pods once it exists$"),
    zh: () => "在它创建之后重启 pod",
  },
  {
    id: "fix.restartOnceExists.why",
    en: re("^Pods retry on their own, but a restart makes the change take effect at once\\.$"),
    zh: () => "pod 会自行重试，但重启可以让修改立即生效。",
  },
  { id: "fix.createSecret", en: re(`^Create Secret ${N}$`), zh: (s) => `创建 Secret ${s}` },
  {
    id: "fix.createSecret.why",
    en: re(
      "^The pod template needs it; create it with the values the application expects \\(the values never pass through kubemedic\\)\\.$",
    ),
    zh: () => "pod 模板需要它；请用应用程序期望的值创建它（这些值不会经过 kubemedic）。",
  },
  {
    id: "fix.raiseMemory",
    en: re(`^Raise the memory limit of ${N} to ${N}$`),
    zh: (c, limit) => `把 ${c} 的内存限制提高到 ${limit}`,
  },
  {
    id: "fix.raiseMemory.why",
    en: re(
      `^The container needs more than ${N}; doubling the limit \\(and the request, if the node has room\\) stops the OOM kills while the usage is investigated\\.$`,
    ),
    zh: (limit) =>
      `容器需要的内存超过 ${limit}；把限制（以及节点有余量时的 request）加倍，可以在排查内存使用期间避免 OOM kill。`,
  },
  {
    id: "fix.watchMemory",
    en: re("^Watch the memory use of the pods$"),
    zh: () => "观察 pod 的内存使用",
  },
  {
    id: "fix.watchMemory.why",
    en: re(
      "^Shows how close the running instances get to the limit \\(needs the metrics API\\)\\.$",
    ),
    zh: () => "显示正在运行的实例离限制还有多远（需要 metrics API）。",
  },
  {
    id: "fix.raiseCpu",
    en: re(`^Raise the CPU limit of ${N} to ${N}$`),
    zh: (c, limit) => `把 ${c} 的 CPU 上限提高到 ${limit}`,
  },
  {
    id: "fix.raiseCpu.why",
    en: re(
      `^The container spends its whole ${N} CPU limit and is throttled; doubling the limit lets it answer in time while its CPU use is investigated\\.$`,
    ),
    zh: (limit) =>
      `容器用满了 ${limit} 的 CPU 上限并被限流；把上限加倍可以让它及时应答，同时再调查它的 CPU 使用。`,
  },
  {
    id: "fix.watchCpu",
    en: re("^Watch the CPU use of the pods$"),
    zh: () => "观察 pod 的 CPU 使用",
  },
  {
    id: "fix.watchCpu.why",
    en: re(
      "^Shows how close the running instances are to the CPU limit \\(needs the metrics API\\)\\.$",
    ),
    zh: () => "显示正在运行的实例离 CPU 上限还有多远（需要 metrics API）。",
  },
  { id: "fix.nodesLeft", en: re("^See what the nodes have left$"), zh: () => "查看节点的剩余资源" },
  {
    id: "fix.nodesLeft.why",
    en: re("^Allocated requests per node show how much room there is\\.$"),
    zh: () => "每个节点已分配的 request 显示了还有多少余量。",
  },
  {
    id: "fix.lowerRequest",
    en: re(`^Lower the ${N} request of ${N} to fit a node$`),
    zh: (res, w) => `降低 ${w} 的 ${res} request，使其能放进一个节点`,
  },
  {
    id: "fix.lowerRequest.why",
    en: re(
      `^A request of ${N} cannot be satisfied; a request the nodes can hold \\(${N}\\) lets the scheduler place the pods\\. Check the application really needs less\\.$`,
    ),
    zh: (big, fit) =>
      `${big} 的 request 无法被满足；节点能容纳的 request（${fit}）可以让调度器放置这些 pod。请先确认应用确实不需要那么多。`,
  },
  {
    id: "fix.tolerate",
    en: re(`^Let the pods tolerate the taint ${N}$`),
    zh: (t) => `让 pod 容忍污点 ${t}`,
  },
  {
    id: "fix.tolerate.why",
    en: re(
      "^Only if these pods are meant to run on the tainted nodes; otherwise remove the taint from a node\\.$",
    ),
    zh: () =>
      "仅当这些 pod 本来就应该运行在带污点的节点上时才这样做；否则请从某个节点上移除该污点。",
  },
  { id: "fix.quotaUse", en: re("^See what uses the quota$"), zh: () => "查看配额被哪些对象占用" },
  {
    id: "fix.quotaUse.why",
    en: re("^Other workloads in the namespace may hold more than they need\\.$"),
    zh: () => "命名空间中的其他工作负载占用的资源可能超过了它们的实际需要。",
  },
  {
    id: "fix.raiseQuota",
    en: re(`^Raise ResourceQuota ${N}, or lower the requests of ${N}$`),
    zh: (q, w) => `提高 ResourceQuota ${q}，或者降低 ${w} 的 request`,
  },
  {
    id: "fix.raiseQuota.why",
    en: re(
      "^Either the namespace gets more room or the new pods ask for less; which one is right depends on the team's budget\\.$",
    ),
    zh: () => "要么给命名空间更多的配额，要么让新 pod 请求更少的资源；哪一种合适取决于团队的预算。",
  },
  {
    id: "fix.readinessPort",
    en: re(`^Point the readiness probe at port ${N}$`),
    zh: (port) => `把就绪探针指向端口 ${port}`,
  },
  {
    id: "fix.readinessPort.why",
    en: re(
      `^The application listens on ${N}; probing that port lets the pods become ready and join the Service\\.$`,
    ),
    zh: (port) => `应用监听的是 ${port}；探测这个端口可以让 pod 变为就绪并加入 Service。`,
  },
  {
    id: "fix.revisions",
    en: re("^See what changed between revisions$"),
    zh: () => "查看两个版本之间的变化",
  },
  {
    id: "fix.revisions.why",
    en: re(
      "^The difference between the last good revision and the new one is what breaks the new pods\\.$",
    ),
    zh: () => "最后一个正常版本与新版本之间的差异，就是导致新 pod 出问题的原因。",
  },
  { id: "fix.scaleUp", en: re(`^Scale ${N} back up$`), zh: (w) => `把 ${w} 重新扩容` },
  {
    id: "fix.scaleUp.why",
    en: re("^The Service has no backend while its Deployment runs no pods\\.$"),
    zh: () => "只要它的 Deployment 没有运行任何 pod，Service 就没有后端。",
  },
  {
    id: "fix.selector",
    en: re(`^Make the selector of ${N} match the pods of ${W}$`),
    zh: (svc, w) => `让 ${svc} 的选择器匹配 ${w} 的 pod`,
  },
  {
    id: "fix.selector.why",
    en: re(`^With ${N} the Service selects the running pods and gets endpoints at once\\.$`),
    zh: (sel) => `使用 ${sel} 后，Service 会选中正在运行的 pod 并立即获得端点。`,
  },
  {
    id: "fix.kubelet",
    en: re(`^Check the kubelet on ${N}$`),
    zh: (n) => `检查节点 ${n} 上的 kubelet`,
  },
  {
    id: "fix.kubelet.why",
    en: re(
      "^A node stops reporting when its kubelet, container runtime or network fails; its conditions and events say which\\.$",
    ),
    zh: () =>
      "当节点的 kubelet、容器运行时或网络出故障时，节点会停止上报状态；它的 conditions 和事件会说明是哪一个。",
  },
  {
    id: "fix.cordon",
    en: re(`^Cordon ${N} so nothing new is scheduled there$`),
    zh: (n) => `封锁（cordon）${n}，不再向它调度新的 pod`,
  },
  {
    id: "fix.cordon.why",
    en: re("^Keeps new pods off the broken node while it is repaired\\.$"),
    zh: () => "在修复期间让新的 pod 远离这个故障节点。",
  },
  {
    id: "fix.drain",
    en: re(`^Drain ${N} to move its pods elsewhere$`),
    zh: (n) => `排空（drain）${n}，把它上面的 pod 迁移到别处`,
  },
  {
    id: "fix.drain.why",
    en: re("^Evicts the remaining pods so their controllers recreate them on healthy nodes\\.$"),
    zh: () => "驱逐剩余的 pod，让它们的控制器在健康的节点上重新创建它们。",
  },
  {
    id: "fix.startupProbe",
    en: re(`^Give ${N} a startupProbe$`),
    zh: (w) => `为 ${w} 添加 startupProbe`,
  },
  {
    id: "fix.request",
    en: re(`^Give ${N} a ${N} request$`),
    zh: (w, res) => `为 ${w} 设置 ${res} request`,
  },
  {
    id: "fix.failedPodLog",
    en: re("^Read the failed pod's full log$"),
    zh: () => "查看失败 pod 的完整日志",
  },
  {
    id: "fix.failedPodLog.why",
    en: re("^The program's own error says what to fix before the Job is run again\\.$"),
    zh: () => "程序自身的错误说明了在重新运行 Job 之前需要修复什么。",
  },
  {
    id: "fix.recreateJob",
    en: re("^Delete the failed Job once fixed, then recreate it$"),
    zh: () => "修复后删除失败的 Job，然后重新创建它",
  },
  {
    id: "fix.recreateJob.why",
    en: re(
      "^A failed Job does not retry after its backoff limit; it must be run again after the cause is fixed\\.$",
    ),
    zh: () => "失败的 Job 在达到 backoff limit 之后不会再重试；必须在修复原因之后重新运行它。",
  },
  {
    id: "fix.restartAfterSecret",
    en: re(`^Restart ${N} once the Secret exists$`),
    zh: (w) => `在 Secret 创建之后重启 ${w}`,
  },
  {
    id: "fix.restartAfterSecret.why",
    en: re("^Environment variables are read when a container starts\\.$"),
    zh: () => "环境变量只在容器启动时读取。",
  },
  {
    id: "fix.listServices",
    en: re(`^List the Services in ${N}$`),
    zh: (ns) => `列出 ${ns} 中的 Service`,
  },
  {
    id: "fix.listServices.why",
    en: re("^Find the Service the Ingress should point at\\.$"),
    zh: () => "找到 Ingress 应该指向的 Service。",
  },
  {
    id: "fix.pointHost",
    en: re(`^Point ${N} at ${N}$`),
    zh: (v, host) => `把 ${v} 指向 ${host}`,
  },
  {
    id: "fix.pointHost.why",
    en: re(
      `^The Service ${N} lives in namespace ${N}; its fully qualified name resolves from any namespace\\.$`,
    ),
    zh: (svc, ns) => `Service ${svc} 位于命名空间 ${ns}；它的完整域名在任何命名空间中都能解析。`,
  },
  {
    id: "fix.checkServices.why",
    en: re(
      "^A DNS name of the form <service>\\.<namespace>\\.svc resolves only if that Service exists\\.$",
    ),
    zh: () => "<service>.<namespace>.svc 形式的 DNS 名称只有在该 Service 存在时才能解析。",
  },
  {
    id: "fix.createClassLike",
    en: re(`^Create StorageClass ${N} with the provisioner of ${N}$`),
    zh: (sc, model) => `按 ${model} 的 provisioner 创建 StorageClass ${sc}`,
  },
  {
    id: "fix.createClaimAgain",
    en: re(`^Create ${N} again with ${N}$`),
    zh: (pvc, mode) => `用 ${mode} 重新创建 ${pvc}`,
  },
  {
    id: "fix.recreateClaimMode",
    en: re(`^Recreate ${N} with ${N}$`),
    zh: (pvc, mode) => `用 ${mode} 重新创建 ${pvc}`,
  },
  {
    id: "fix.recreateClaimClass",
    en: re(`^Recreate the claim with an existing StorageClass \\(${N}\\)$`),
    zh: (sc) => `用现有的 StorageClass（${sc}）重新创建该声明`,
  },
  {
    id: "fix.recreateClaimClass.why",
    en: re(
      `^storageClassName cannot be changed on an existing claim: delete the Pending claim \\(it holds no data yet\\) and create it again with storageClassName: ${N}${END}$`,
    ),
    zh: (sc) =>
      `已有声明的 storageClassName 不能修改：删除处于 Pending 的声明（它还没有数据），然后用 storageClassName: ${sc} 重新创建。`,
  },
  {
    id: "fix.createClass",
    en: re(`^Or create StorageClass ${N}$`),
    zh: (sc) => `或者创建 StorageClass ${sc}`,
  },
  {
    id: "fix.createClass.why",
    en: re(
      "^If the class name is right, the cluster administrator must install it \\(with its provisioner\\)\\.$",
    ),
    zh: () => "如果类名是正确的，需要集群管理员安装它（连同它的 provisioner）。",
  },
  {
    id: "fix.listClasses",
    en: re("^List the StorageClasses and their provisioners$"),
    zh: () => "列出 StorageClass 及其 provisioner",
  },
  {
    id: "fix.listClasses.why",
    en: re(`^Find a class that supports ${N}, if the workload needs a shared volume\\.$`),
    zh: (mode) => `如果工作负载需要共享卷，找一个支持 ${mode} 的类。`,
  },
  {
    id: "fix.routeTo",
    en: re(`^Route ${N} to the existing Service ${N}$`),
    zh: (path, svc) => `把 ${path} 路由到现有的 Service ${svc}`,
  },
  {
    id: "fix.routeTo.why",
    en: re(`^${N} does not exist; ${N} is the Service with the closest name \\(port (\\d+)\\)\\.$`),
    zh: (missing, svc, port) =>
      `${missing} 不存在；${svc} 是名字最接近的 Service（端口 ${port}）。`,
  },
  {
    id: "fix.pointTls",
    en: re(`^Point the Ingress at the TLS Secret ${N}$`),
    zh: (secret) => `让 Ingress 使用 TLS Secret ${secret}`,
  },
  {
    id: "fix.pointTls.why",
    en: re(
      `^${N} is a kubernetes\\.io/tls Secret in ${N} with the closest name; check that its certificate covers ${N}${END}$`,
    ),
    zh: (secret, ns, host) =>
      `${secret} 是 ${ns} 中名字最接近的 kubernetes.io/tls Secret；请确认它的证书覆盖 ${host}。`,
  },
  {
    id: "fix.listTls",
    en: re(`^List the TLS Secrets in ${N}$`),
    zh: (ns) => `列出 ${ns} 中的 TLS Secret`,
  },
  {
    id: "fix.listTls.why",
    en: re(
      "^Find the certificate for these hosts, or create the Secret with kubectl create secret tls\\.$",
    ),
    zh: () => "找到这些主机的证书，或者用 kubectl create secret tls 创建 Secret。",
  },
  {
    id: "fix.allowTraffic",
    en: re(`^Allow ${N} → ${V} in NetworkPolicy ${N}$`),
    zh: (from, to, np) => `在 NetworkPolicy ${np} 中允许 ${from} → ${to}`,
  },
  {
    id: "fix.allowTraffic.why",
    en: re(
      "^Adding one rule for exactly this source, destination and port keeps the rest of the isolation in place\\.$",
    ),
    zh: () => "只为这个来源、目标和端口添加一条规则，其余的隔离保持不变。",
  },
  {
    id: "fix.allowDns",
    en: re(`^Allow DNS egress in NetworkPolicy ${N}$`),
    zh: (np) => `在 NetworkPolicy ${np} 中允许 DNS 出站流量`,
  },
  {
    id: "fix.allowDns.why",
    en: re(
      "^One rule admitting port 53 to kube-dns restores name resolution and keeps every other egress restriction in place\\.$",
    ),
    zh: () => "一条允许访问 kube-dns 53 端口的规则即可恢复域名解析，同时保留其他所有出站限制。",
  },
  {
    id: "fix.meetLevel",
    en: re(`^Make the pod template of ${N} meet "(\\S+)"$`),
    zh: (w, level) => `让 ${w} 的 pod 模板满足 "${level}" 级别`,
  },
  {
    id: "fix.meetLevel.why",
    en: re(
      "^Sets exactly what the failed checks ask for\\. runAsNonRoot needs an image that runs as a non-root user: check its USER first\\.$",
    ),
    zh: () =>
      "只设置未通过的检查所要求的字段。runAsNonRoot 需要镜像以非 root 用户运行：请先检查镜像的 USER。",
  },
  {
    id: "fix.podSecurityLabels",
    en: re(`^See the Pod Security labels of namespace ${N}$`),
    zh: (ns) => `查看命名空间 ${ns} 的 Pod Security 标签`,
  },
  {
    id: "fix.podSecurityLabels.why",
    en: re(
      "^Relaxing the namespace's level would let the pods in, and every other non-compliant pod with them; meeting the level is the safer fix\\.$",
    ),
    zh: () =>
      "放宽命名空间的级别虽然能让这些 pod 通过，但其他不合规的 pod 也会一并通过；满足该级别才是更安全的修复。",
  },
  {
    id: "fix.startupProbe.why",
    en: re(
      "^A startup probe holds the liveness probe back until the application has started \\(here up to (.+?)\\), without making liveness slower to catch a real hang later\\.$",
    ),
    zh: (limit) =>
      `启动探针会在应用启动完成之前（这里最长 ${limit}）暂缓存活探针，又不会让存活探针在之后发现真正的卡死时变慢。`,
  },
  {
    id: "fix.request.why",
    en: re(
      "^The HPA divides usage by the request; with a request \\(sized to the normal load\\) it can compute utilization and scale\\.$",
    ),
    zh: () =>
      "HPA 用使用量除以 request；设置了 request（按正常负载确定大小）之后，它就能计算使用率并扩缩容。",
  },
  {
    id: "fix.checkServices",
    en: re(`^Check which Services exist in ${N}$`),
    zh: (ns) => `检查 ${ns} 中有哪些 Service`,
  },
];
