import type { VerificationCheck, VerificationOutcome } from "@kubemedic/protocol";
import type { Language } from "../../language/language";
import type { StopWhy } from "../../verify/verify-plan";

/**
 * Every sentence the offline diagnostician writes, in each language it
 * answers in: one place, so a new text is added in both or the build fails.
 * Commands, object names, kinds, categories and quoted tool output are
 * parameters and stay as they are; only the prose around them changes.
 */
/** Why no complete command fixes a cause: a placeholder value, only mitigations, only follow-ups, or nothing kubectl can do. */
export type NoFixReason = "placeholder" | "mitigation" | "followUp" | "outside";

/** Why the offline diagnostician proposes no further change after a verification. */
export type OfflineStopWhy = StopWhy | { reason: "rollback_not_run" } | { reason: "no_other_fix" };

export interface OfflineTexts {
  askMe: string;
  capabilities(hasTools: boolean): string;
  noTools: string;
  noKubectl: string;
  noKubectlLookup: string;
  running(command: string): string;
  userAsked(question: string): string;
  scopeAll: string;
  scopeNamespace(namespace: string): string;
  scoping(scope: string, object: string | undefined): string;
  analyzersReport(problems: number, commands: string[]): string;
  correlating: string;
  checkingBeforeFix(scope: string): string;
  proposeFix(rootCause: string, fixTitle: string): string;
  fixReason(title: string, rationale: string): string;
  why: {
    pods: string;
    events: string;
    nodeEvents: string;
    askedAbout(kind: string, name: string): string;
    flagged(kind: string, name: string): string;
    previousLogs: string;
  };
  command: {
    ok(command: string, output: string): string;
    refused(command: string, reason: string): string;
    /** `reason`: the user's reason for rejecting it, named back when given. */
    rejected(command: string, reason?: string): string;
    suggested(command: string): string;
    timeout(command: string): string;
    cancelled(command: string): string;
    /** A change whose start was recorded but whose result was not (a crash while it ran). */
    unknown(command: string): string;
    error(command: string, output: string): string;
    /** Tool output quoted in prose (an analyzer's text, an evidence line). */
    quote: (text: string) => string;
  };
  /** `verdict`: the verification's paragraph (verdictLine in answers.ts); absent when none ran. */
  fixRan(command: string, output: string, verdict?: string): string;
  /** `reason`: the user's reason for rejecting it, named back with what happens instead. */
  fixRejected(command: string, reason?: string): string;
  /** After an approved change: its verification and what comes next (docs/agent.md#verification). */
  verify: {
    verdict(outcome: VerificationOutcome, summary: string): string;
    check(object: string, state: VerificationCheck["state"], detail: string | undefined): string;
    notProposing(why: OfflineStopWhy): string;
    whatIsLeft(rootCause: string): string;
    proposeRollback(verdict: string, commands: string[]): string;
    rollbackReason(summary: string): string;
    nextAttempt(
      verdict: string,
      attempt: number,
      maxAttempts: number,
      title: string,
      rootCause: string,
    ): string;
  };
  nothingToFix: string;
  /** Why no proposed command removes the cause (see cannotFixBecause in answers.ts): says "cannot be fixed from here, because…". */
  noCompleteFix(rootCause: string, why: NoFixReason): string;
  fixOutsideCluster: string;
  diagnosis: {
    cannotAnalyze: string;
    inNamespace(namespace: string): string;
    noProblems(where: string, pods: number | undefined): string;
    minorFindings: string;
    /** Findings on cluster-scoped objects (a NotReady Node): never called minor. */
    clusterFindings: string;
    noClearRootCause: string;
    podsNotRunning(pods: string[]): string;
    rootCause(category: string, severity: string, rootCause: string): string;
    affected(list: string): string;
    evidence: string;
    fixesSafestFirst: string;
    fixLine(title: string, command: string | undefined, risk: string, approval: boolean): string;
    otherProblems: string;
    failedCalls: string;
  };
  lookup: {
    looking(name: string, kinds: string[], where: string): string;
    sessionNamespace: string;
    findWhat(name: string, verb: string): string;
    lookingForPods(name: string): string;
    findPods(name: string): string;
    notFound(name: string, kinds: string[], where: string, example: string): string;
    isA(name: string, kind: string, others: string[]): string;
    isPod(name: string): string;
    startsWith(name: string, pod: string, status: string, others: number): string;
  };
  report: {
    theCluster: string;
    theNamespace(namespace: string): string;
    noProblemsSummary(scope: string): string;
    healthyRootCause(
      scope: string,
      pods: number | undefined,
      minor: string[],
      cluster: string[],
    ): string;
    noRootCauseExcerpt(status: string, problems: number): string;
    commandsOnlySummary(ranSomething: boolean): string;
    commandsOnlyRootCause(ran: string): string;
    notAnalyzed: string;
    uncorrelatedSummary: string;
    podsNotRunning(pods: string[]): string;
  };
}

export function offlineTexts(language: Language): OfflineTexts {
  return language === "zh" ? ZH : EN;
}

const EN: OfflineTexts = {
  askMe: "Ask me about your cluster: for example, why a deployment is failing.",
  capabilities: (hasTools) =>
    [
      "I am the offline diagnostician: a deterministic troubleshooting playbook that runs without a language model.",
      "",
      "I can:",
      '- diagnose an object or a namespace ("why is checkout failing in shop?", "what is wrong in namespace shop?"): analyzers, then describe, events and previous logs, then a ranked root cause and a report;',
      '- scan the whole cluster ("scan the cluster");',
      '- run read commands: "list pods in shop", "what pods are running in shop?", "show the events in shop", "describe checkout" (I find the object by its name), "show the logs of checkout" (a pod, or one of a workload\'s pods), or a read-only kubectl command line such as "kubectl get deploy -A";',
      '- propose the fix for a problem I found ("fix it"), which runs only after your approval.',
      "",
      "I cannot answer general questions, write manifests, or reason beyond what the analyzers and kubectl show. Set OPENAI_API_KEY (and OPENAI_BASE_URL for another endpoint) to use a language model.",
      ...(hasTools ? [] : ["", "No cluster tools are available in this session."]),
    ].join("\n"),
  noTools:
    "I investigate with the kubectl and k8sgpt tools, and none are available in this session, so I cannot look at the cluster.",
  noKubectl: "The kubectl tool is not available in this session, so I cannot run that.",
  noKubectlLookup: "The kubectl tool is not available in this session, so I cannot look that up.",
  running: (command) => `Running \`kubectl ${command}\`.`,
  userAsked: (question) => `The user asked: ${question}`,
  scopeAll: "all namespaces",
  scopeNamespace: (namespace) => `namespace ${namespace}`,
  scoping: (scope, object) =>
    `Scoping the question to ${scope}${object === undefined ? "" : ` and ${object}`}. First, the analyzers.`,
  analyzersReport: (n, commands) =>
    `The analyzers report ${n} problem${n === 1 ? "" : "s"}. Gathering evidence: ${commands.map((c) => `\`kubectl ${c}\``).join(", ")}.`,
  correlating: "Correlating the findings to rank the likely root causes.",
  checkingBeforeFix: (scope) => `Checking what is wrong in ${scope} before changing anything.`,
  proposeFix: (rootCause, title) =>
    `The root cause: ${rootCause}\nThe fix I propose: ${title}. It changes the cluster, so it needs your approval.`,
  fixReason: (title, rationale) => `${title}: ${rationale}`,
  why: {
    pods: "Which pods run, and which do not.",
    events: "Recent events in the namespace.",
    nodeEvents: "Node events live in the default namespace.",
    askedAbout: (kind, name) => `The user asked about ${kind} ${name}.`,
    flagged: (kind, name) => `The analyzers flagged ${kind} ${name}.`,
    previousLogs: "The container restarted: its previous log says why.",
  },
  command: {
    ok: (command, output) => `\`kubectl ${command}\`:\n\n\`\`\`\n${output}\n\`\`\``,
    refused: (command, reason) => `I did not run \`kubectl ${command}\`. ${reason}`,
    rejected: (command, reason) =>
      reason === undefined
        ? `Understood: \`kubectl ${command}\` was not run, as you decided.`
        : `Understood — “${reason}”: \`kubectl ${command}\` was not run, and I left the cluster as it is.`,
    suggested: (command) =>
      `This session does not run changes. To do it yourself: \`kubectl ${command}\``,
    timeout: (command) =>
      `\`kubectl ${command}\` did not finish in time. The cluster may be slow or unreachable; try again, or narrow the command.`,
    cancelled: (command) => `\`kubectl ${command}\` was cancelled.`,
    unknown: (command) =>
      `\`kubectl ${command}\` started, but its result is unknown: check the object before doing anything else.`,
    error: (command, output) => `\`kubectl ${command}\` failed:\n\n\`\`\`\n${output}\n\`\`\``,
    quote: (text) => text,
  },
  fixRan: (command, output, verdict) =>
    `Done: \`kubectl ${command}\` ran.\n\n\`\`\`\n${output}\n\`\`\`\n${
      verdict === undefined
        ? "Ask me to check again in a minute to confirm the problem is gone."
        : `\n${verdict}`
    }`,
  fixRejected: (command, reason) =>
    reason === undefined
      ? `Understood: I did not run \`kubectl ${command}\`. The problem is still there; you can apply the fix yourself later, or ask me for another option.`
      : `Understood — you rejected \`kubectl ${command}\` because “${reason}”, so I did not run it and changed nothing. Instead I leave things as they are: you can run it yourself when it suits you, or ask me for another option that fits that reason.`,
  verify: {
    verdict: (outcome, summary) =>
      outcome === "resolved"
        ? `Verified: ${summary}`
        : `Verification — ${outcome.replace("_", " ")}: ${summary}`,
    check: (object, state, detail) => `- ${object}: ${state}${detail ? ` (${detail})` : ""}`,
    notProposing: (why) =>
      `I am not proposing another change: ${
        why.reason === "no_undo"
          ? "the change made things worse and no command undoes it on its own; the approval card showed the previous value to restore."
          : why.reason === "limit"
            ? `${why.attempts} changes were tried in this turn, the limit (limits.maxFixAttempts = ${why.maxAttempts}).`
            : why.reason === "rollback_not_run"
              ? "the rollback did not run."
              : "no other complete fix is left to try: what remains needs a value only you know, or a change outside the cluster."
      }`,
    whatIsLeft: (rootCause) => `What is left: ${rootCause}`,
    proposeRollback: (verdict, commands) =>
      `${verdict}\n\nThe change made things worse, so I propose to undo it: ${commands.map((c) => `\`kubectl ${c}\``).join(", ")}. It needs your approval.`,
    rollbackReason: (summary) => `Roll back the change that made things worse: ${summary}`,
    nextAttempt: (verdict, attempt, max, title, rootCause) =>
      `${verdict}\n\nNext attempt (${attempt} of ${max}): ${title}. The root cause now: ${rootCause}\nIt changes the cluster, so it needs your approval.`,
  },
  nothingToFix:
    "I found nothing to fix: the analyzers and the correlation report no problem in this scope.",
  noCompleteFix: (rootCause, why) =>
    [
      `The root cause: ${rootCause}`,
      "",
      `This cannot be fixed from here, because ${
        {
          placeholder:
            "the fix needs a value only you know (a `<placeholder>` in the command), which never passes through me",
          mitigation:
            "the cause lies outside what kubectl can change (the machine, the network or a service behind it); the commands below only limit the damage",
          followUp:
            "the cause lies outside the cluster's objects (the application, its data or its image); the commands below help only once it is fixed there",
          outside:
            "no kubectl change removes the cause: it lies outside the cluster's objects (the application, its data, its image or the infrastructure)",
        }[why]
      }. What to do:`,
    ].join("\n"),
  fixOutsideCluster:
    "- (no recommendation: the fix is outside the cluster, e.g. in the image or the application's configuration)",
  diagnosis: {
    cannotAnalyze: "I could not analyze the cluster, so I cannot give a diagnosis.",
    inNamespace: (namespace) => ` in namespace ${namespace}`,
    noProblems: (where, pods) =>
      `I found no problems${where}: nothing correlates to a root cause${pods === undefined ? "" : `, and all ${pods} pods are running or completed`}.`,
    minorFindings: "Minor findings, not problems:",
    clusterFindings: "Cluster-wide findings, worth a look (outside this scope's pods):",
    noClearRootCause: "The analyzers report problems, but none correlates to a clear root cause:",
    podsNotRunning: (pods) => `Pods not running: ${pods.join(", ")}`,
    rootCause: (category, severity, rootCause) =>
      `**Root cause** (${category}, ${severity}): ${rootCause}`,
    affected: (list) => `Affected: ${list}`,
    evidence: "Evidence:",
    fixesSafestFirst: "Fixes, safest first:",
    fixLine: (title, command, risk, approval) =>
      `${title}${command === undefined ? "" : ` — \`kubectl ${command}\``} (risk ${risk}${approval ? ", needs your approval" : ""})`,
    otherProblems: "Other problems found:",
    failedCalls: "Calls that did not succeed:",
  },
  lookup: {
    looking: (name, kinds, where) => `Looking for ${name} among ${kinds.join(", ")} in ${where}.`,
    sessionNamespace: "the session's namespace",
    findWhat: (name, verb) => `Find what ${name} is before running ${verb}.`,
    lookingForPods: (name) =>
      `Nothing is named exactly ${name}; looking for pods whose name starts with it.`,
    findPods: (name) => `Find the pods of ${name}.`,
    notFound: (name, kinds, where, example) =>
      `I found no object named ${name} in ${where}: none of its ${kinds.join(", ")} has ` +
      "that name, and no pod's name starts with it. Check the name and the namespace, or name the kind " +
      `(\`${example}\`).`,
    isA: (name, kind, others) =>
      `${name} is a ${kind}${others.length > 0 ? ` (also named so: ${others.join(", ")})` : ""}.`,
    isPod: (name) => `${name} is a pod.`,
    startsWith: (name, pod, status, rest) =>
      `Nothing is named ${name}; pod ${pod}${status ? ` (${status})` : ""} starts with it` +
      `${rest > 0 ? `, as ${rest} other pod${rest === 1 ? " does" : "s do"}` : ""}.`,
  },
  report: {
    theCluster: "the cluster",
    theNamespace: (namespace) => `namespace ${namespace}`,
    noProblemsSummary: (scope) => `No problems found in ${scope}.`,
    healthyRootCause: (scope, pods, minor, cluster) =>
      `Nothing is wrong in ${scope}: nothing correlates to a root cause.` +
      (pods === undefined ? "" : ` All ${pods} pods are running or completed.`) +
      (cluster.length === 0
        ? ""
        : ` Cluster-wide findings, worth a look: ${cluster.join(" · ")}.`) +
      (minor.length === 0 ? "" : ` Minor findings, not problems: ${minor.join(" · ")}`),
    noRootCauseExcerpt: (status, problems) =>
      `${status}: ${problems} finding${problems === 1 ? "" : "s"}, no root-cause candidate`,
    commandsOnlySummary: (ran) =>
      ran
        ? "No diagnosis: this turn ran kubectl commands only and analyzed nothing."
        : "No diagnosis: this turn ran no tool and analyzed nothing.",
    commandsOnlyRootCause: (ran) =>
      `Nothing was analyzed in this turn${ran ? `; it ran ${ran}` : ""}. Ask why something fails, or what is wrong in a namespace, for a diagnosis.`,
    notAnalyzed: "The cluster could not be analyzed.",
    uncorrelatedSummary:
      "The analyzers report problems that do not correlate to a single root cause.",
    podsNotRunning: (pods) => ` Pods not running: ${pods.join(", ")}.`,
  },
};

/** A space between a Latin word and the Chinese after it ("命名空间 default 中"). */
function sp(text: string): string {
  return /[A-Za-z0-9)]$/.test(text) ? `${text} ` : text;
}

/** Quoted tool output stays as it is, set apart as code so it reads as a quotation. */
function code(text: string): string {
  const t = text.replace(/`/g, "'").trim();
  return t === "" ? "" : `\`${t}\``;
}

const ZH: OfflineTexts = {
  askMe: "请问我关于集群的问题，例如某个 Deployment 为什么一直失败。",
  capabilities: (hasTools) =>
    [
      "我是离线诊断助手：一套不依赖大语言模型、结果确定的故障排查流程。",
      "",
      "我可以：",
      "- 诊断某个对象或命名空间（“shop 里的 checkout 为什么一直重启？”、“payments 命名空间出了什么问题？”）：先运行分析器，再查看描述、事件和上一次的日志，最后给出按可能性排序的根因和诊断报告；",
      "- 检查整个集群（“集群有什么问题？”）；",
      "- 执行只读命令：“列出 shop 中的 pod”、“shop 里有没有告警事件？”、“描述一下 checkout”（我会按名字找到对象）、“看一下 checkout 的日志”，或只读的 kubectl 命令，例如 `kubectl get deploy -A`；",
      "- 为我发现的问题提出修复方案（“修复它”），只有在你批准之后才会执行。",
      "",
      "我不能回答一般性问题、编写清单文件，也无法超出分析器和 kubectl 所显示的内容进行推理。设置 `OPENAI_API_KEY`（其他端点再设置 `OPENAI_BASE_URL`）即可使用大语言模型。",
      ...(hasTools ? [] : ["", "本次会话没有可用的集群工具。"]),
    ].join("\n"),
  noTools:
    "我需要借助 kubectl 和 k8sgpt 工具进行排查，但本次会话中没有可用的工具，所以无法查看集群。",
  noKubectl: "本次会话中没有可用的 kubectl 工具，所以无法执行该操作。",
  noKubectlLookup: "本次会话中没有可用的 kubectl 工具，所以无法查找该对象。",
  running: (command) => `正在执行 \`kubectl ${command}\`。`,
  userAsked: (question) => `用户的问题：${question}`,
  scopeAll: "所有命名空间",
  scopeNamespace: (namespace) => `命名空间 ${namespace}`,
  scoping: (scope, object) =>
    `将问题范围限定在${object === undefined ? scope : `${sp(scope)}以及 ${object}`}。首先运行分析器。`,
  analyzersReport: (n, commands) =>
    `分析器报告了 ${n} 个问题。正在收集证据：${commands.map((c) => `\`kubectl ${c}\``).join("、")}。`,
  correlating: "正在关联各项发现，对可能的根因进行排序。",
  checkingBeforeFix: (scope) => `在做任何修改之前，先检查${sp(scope)}中出了什么问题。`,
  proposeFix: (rootCause, title) =>
    `根因：${rootCause}\n我建议的修复：${title}。该操作会修改集群，因此需要你的批准。`,
  fixReason: (title, rationale) => `${title}：${rationale}`,
  why: {
    pods: "查看哪些 pod 在运行，哪些没有。",
    events: "查看该命名空间最近的事件。",
    nodeEvents: "节点事件位于 default 命名空间。",
    askedAbout: (kind, name) => `用户询问的是 ${kind} ${name}。`,
    flagged: (kind, name) => `分析器标记了 ${kind} ${name}。`,
    previousLogs: "容器发生过重启：上一次的日志说明了原因。",
  },
  command: {
    ok: (command, output) => `\`kubectl ${command}\` 的输出：\n\n\`\`\`\n${output}\n\`\`\``,
    refused: (command, reason) => `我没有执行 \`kubectl ${command}\`。原因：${code(reason)}`,
    rejected: (command, reason) =>
      reason === undefined
        ? `明白：按照你的决定，\`kubectl ${command}\` 没有执行。`
        : `明白，你的理由是“${reason}”：\`kubectl ${command}\` 没有执行，集群保持原样。`,
    suggested: (command) => `本次会话不会修改集群。你可以自己执行：\`kubectl ${command}\``,
    timeout: (command) =>
      `\`kubectl ${command}\` 没有在规定时间内完成。集群可能很慢或无法访问；请重试，或缩小命令的范围。`,
    cancelled: (command) => `\`kubectl ${command}\` 已被取消。`,
    unknown: (command) =>
      `\`kubectl ${command}\` 已开始执行，但结果未知：在做任何其他操作之前，请先检查该对象的状态。`,
    error: (command, output) => `\`kubectl ${command}\` 执行失败：\n\n\`\`\`\n${output}\n\`\`\``,
    quote: code,
  },
  fixRan: (command, output, verdict) =>
    `已完成：\`kubectl ${command}\` 已执行。\n\n\`\`\`\n${output}\n\`\`\`\n${
      verdict === undefined ? "请过一分钟后让我再检查一下，确认问题已经消失。" : `\n${verdict}`
    }`,
  fixRejected: (command, reason) =>
    reason === undefined
      ? `明白：我没有执行 \`kubectl ${command}\`。问题仍然存在；你可以稍后自己执行修复，或者让我提供其他方案。`
      : `明白，你拒绝了 \`kubectl ${command}\`，理由是“${reason}”，所以我没有执行，也没有做任何改动。我会保持现状：你可以在合适的时候自己执行，或者让我提供一个符合这个理由的其他方案。`,
  verify: {
    verdict: (outcome, summary) =>
      `${
        {
          resolved: "验证通过",
          improved: "验证结果——有所改善",
          unchanged: "验证结果——没有变化",
          worse: "验证结果——变得更糟",
          timed_out: "验证结果——等待超时",
        }[outcome]
      }：${code(summary)}`,
    check: (object, state, detail) =>
      `- ${object}：${{ pending: "等待中", ok: "正常", failing: "失败" }[state]}${detail ? `（${code(detail)}）` : ""}`,
    notProposing: (why) =>
      `我不再建议其他变更：${
        why.reason === "no_undo"
          ? "这次变更让情况变得更糟，而且没有命令能单独撤销它；批准卡片上显示了需要恢复的原值。"
          : why.reason === "limit"
            ? `本轮已经尝试了 ${why.attempts} 次变更，达到上限（limits.maxFixAttempts = ${why.maxAttempts}）。`
            : why.reason === "rollback_not_run"
              ? "回滚没有执行。"
              : "没有其他可以直接执行的完整修复：剩下的需要只有你知道的值，或者需要在集群之外修改。"
      }`,
    whatIsLeft: (rootCause) => `剩下的问题：${rootCause}`,
    proposeRollback: (verdict, commands) =>
      `${verdict}\n\n这次变更让情况变得更糟，因此我建议撤销它：${commands.map((c) => `\`kubectl ${c}\``).join("、")}。该操作需要你的批准。`,
    rollbackReason: (summary) => `回滚让情况变得更糟的变更：${summary}`,
    nextAttempt: (verdict, attempt, max, title, rootCause) =>
      `${verdict}\n\n下一次尝试（第 ${attempt} 次，共 ${max} 次）：${title}。现在的根因：${rootCause}\n该操作会修改集群，因此需要你的批准。`,
  },
  nothingToFix: "没有发现需要修复的问题：在这个范围内，分析器和关联分析都没有报告问题。",
  noCompleteFix: (rootCause, why) =>
    [
      `根因：${rootCause}`,
      "",
      `这无法在这里修复，因为${
        {
          placeholder: "修复需要只有你知道的值（命令中的 `<占位符>`），这个值不会经过我",
          mitigation:
            "原因在 kubectl 能改变的范围之外（机器、网络或其后的服务）；下面的命令只能减轻影响",
          followUp:
            "原因在集群对象之外（应用程序、其数据或镜像）；下面的命令只有在那里修复之后才有帮助",
          outside:
            "没有任何 kubectl 改动能消除原因：它在集群对象之外（应用程序、数据、镜像或基础设施）",
        }[why]
      }。可以这样做：`,
    ].join("\n"),
  fixOutsideCluster: "- （没有建议：需要在集群之外修复，例如镜像或应用程序的配置）",
  diagnosis: {
    cannotAnalyze: "我无法分析集群，因此无法给出诊断。",
    inNamespace: (namespace) => `命名空间 ${namespace} 中`,
    noProblems: (where, pods) =>
      `${where === "" ? "" : `在${sp(where)}`}没有发现问题：没有任何发现能关联到根因${pods === undefined ? "" : `，全部 ${pods} 个 pod 都在运行或已完成`}。`,
    minorFindings: "次要发现（不是问题）：",
    clusterFindings: "集群范围的发现，值得一看（不在此范围的 pod 中）：",
    noClearRootCause: "分析器报告了问题，但没有一个能关联到明确的根因：",
    podsNotRunning: (pods) => `未在运行的 pod：${pods.join("、")}`,
    rootCause: (category, severity, rootCause) =>
      `**根因**（${category}，${severity}）：${rootCause}`,
    affected: (list) => `受影响的对象：${list}`,
    evidence: "证据：",
    fixesSafestFirst: "修复方案（从最安全到风险最高）：",
    fixLine: (title, command, risk, approval) =>
      `${title}${command === undefined ? "" : ` — \`kubectl ${command}\``}（风险 ${risk}${approval ? "，需要你的批准" : ""}）`,
    otherProblems: "发现的其他问题：",
    failedCalls: "未成功的调用：",
  },
  lookup: {
    looking: (name, kinds, where) => `正在${sp(where)}的 ${kinds.join("、")} 中查找 ${name}。`,
    sessionNamespace: "会话的命名空间",
    findWhat: (name, verb) => `在执行 ${verb} 之前，先确定 ${name} 是什么对象。`,
    lookingForPods: (name) => `没有对象的名字正好是 ${name}；正在查找名字以它开头的 pod。`,
    findPods: (name) => `查找 ${name} 的 pod。`,
    notFound: (name, kinds, where, example) =>
      `在${sp(where)}中没有找到名为 ${name} 的对象：${kinds.join("、")} 中都没有这个名字，` +
      `也没有名字以它开头的 pod。请检查名字和命名空间，或者指明对象类型（\`${example}\`）。`,
    isA: (name, kind, others) =>
      `${name} 是一个 ${kind}${others.length > 0 ? `（同名的还有：${others.join("、")}）` : ""}。`,
    isPod: (name) => `${name} 是一个 pod。`,
    startsWith: (name, pod, status, rest) =>
      `没有对象名为 ${name}；pod ${pod}${status ? `（${status}）` : ""} 的名字以它开头` +
      `${rest > 0 ? `，另外还有 ${rest} 个 pod 也是如此` : ""}。`,
  },
  report: {
    theCluster: "集群",
    theNamespace: (namespace) => `命名空间 ${namespace}`,
    noProblemsSummary: (scope) => `在${sp(scope)}中没有发现问题。`,
    healthyRootCause: (scope, pods, minor, cluster) =>
      `${sp(scope)}中一切正常：没有任何发现能关联到根因。` +
      (pods === undefined ? "" : `全部 ${pods} 个 pod 都在运行或已完成。`) +
      (cluster.length === 0 ? "" : `集群范围的发现，值得一看：${cluster.map(code).join(" · ")}。`) +
      (minor.length === 0 ? "" : `次要发现（不是问题）：${minor.map(code).join(" · ")}`),
    noRootCauseExcerpt: (status, problems) => `${status}: ${problems} 项发现，没有根因候选`,
    commandsOnlySummary: (ran) =>
      ran
        ? "没有诊断：本轮只执行了 kubectl 命令，没有进行分析。"
        : "没有诊断：本轮没有运行任何工具，也没有进行分析。",
    commandsOnlyRootCause: (ran) =>
      `本轮没有进行分析${ran ? `；执行了 ${ran}` : ""}。如需诊断，请问我某个对象为什么失败，或者某个命名空间出了什么问题。`,
    notAnalyzed: "无法分析集群。",
    uncorrelatedSummary: "分析器报告了问题，但它们无法关联到单一的根因。",
    podsNotRunning: (pods) => `未在运行的 pod：${pods.join("、")}。`,
  },
};
