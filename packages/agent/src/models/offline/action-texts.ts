import { redactCommand } from "@kubemedic/kube";
import type { ActionRequest } from "../../understand/actions/ActionRequest";
import { rowLabel, type ObjectRow } from "../../understand/actions/ObjectRow";
import type { ToolStep } from "./turn-view";
import { reasonOf, VERDICT_MARK, verdictLine } from "./answers";
import { offlineTexts } from "./offline-texts";

type Lang = ActionRequest["language"];

/** The command as shown: a secret value the user typed never appears in prose. */
function shown(command: string): string {
  return `\`kubectl ${redactCommand(command)}\``;
}

function where(row: ObjectRow, lang: Lang): string {
  const obj = `${row.kind.toLowerCase()}/${row.name}`;
  if (row.namespace === undefined) return lang === "zh" ? `节点 ${row.name}` : `node ${row.name}`;
  return lang === "zh"
    ? `${row.namespace} 命名空间中的 ${obj}`
    : `${obj} in namespace ${row.namespace}`;
}

const WHAT: Record<ActionRequest["verb"], { en: string; zh: string }> = {
  restart: { en: "restart", zh: "重启" },
  scale: { en: "scale", zh: "调整副本数：" },
  rollback: { en: "roll back", zh: "回滚" },
  "set-image": { en: "change the image of", zh: "修改镜像：" },
  "set-env": { en: "set environment variables on", zh: "设置环境变量：" },
  "unset-env": { en: "remove environment variables from", zh: "删除环境变量：" },
  "set-resources": { en: "change the resources of", zh: "修改资源配置：" },
  "delete-pod": { en: "delete", zh: "删除" },
  cordon: { en: "cordon", zh: "将其设为不可调度：" },
  uncordon: { en: "uncordon", zh: "恢复调度：" },
  drain: { en: "drain", zh: "排空" },
  suspend: { en: "suspend", zh: "暂停" },
  resume: { en: "resume", zh: "恢复" },
};

/** "重启" + "shop 命名空间…" reads better with a space; "修改镜像：" needs none. */
function zhVerb(verb: string): string {
  return verb.endsWith("：") ? verb : `${verb} `;
}

export function lookingFor(request: ActionRequest, kinds: string[], command: string): string {
  const name = request.target.name;
  if (request.language === "zh")
    return `先找到要操作的对象${name === undefined ? "" : ` ${name}`}：${shown(command)}。`;
  return `First finding ${name ?? "the object"} among ${kinds.join(", ")}: ${shown(command)}.`;
}

export function proposal(request: ActionRequest, row: ObjectRow, command: string): string {
  const what = WHAT[request.verb];
  if (request.language === "zh")
    return `我将${zhVerb(what.zh)}${where(row, "zh")}，命令为 ${shown(command)}。这会修改集群，需要你批准后才会执行。`;
  return `I will ${what.en} ${where(row, "en")} with ${shown(command)}. It changes the cluster, so it runs only after your approval.`;
}

export function callReason(request: ActionRequest, row: ObjectRow, question: string): string {
  const what = WHAT[request.verb];
  const asked = redactCommand(question).slice(0, 200);
  return request.language === "zh"
    ? `用户要求${zhVerb(what.zh)}${where(row, "zh")}（“${asked}”）。`
    : `The user asked to ${what.en} ${where(row, "en")} ("${asked}").`;
}

function clip(text: string, lines = 12): string {
  const all = text.split("\n");
  return all.length <= lines
    ? text
    : `${all.slice(0, lines).join("\n")}\n… (${all.length - lines} more lines)`;
}

/** After the mutation's call came back: ran, rejected, refused by the policy, suggested, failed. */
export function outcome(request: ActionRequest, step: ToolStep): string {
  const a = step.artifact;
  const command = a?.command ?? (typeof step.args.command === "string" ? step.args.command : "");
  const zh = request.language === "zh";
  switch (a?.status) {
    case "ok": {
      // The change's own output; the verify node's verdict (when it ran) follows it.
      const output = step.content.split(VERDICT_MARK)[0] ?? "";
      const note = a.verification;
      if (note !== undefined) {
        return zh
          ? `已执行 ${shown(command)}：\n\n\`\`\`\n${clip(output)}\n\`\`\`\n\n${verdictLine(note, offlineTexts("zh"))}`
          : `Done: ${shown(command)} ran.\n\n\`\`\`\n${clip(output)}\n\`\`\`\n\n${verdictLine(note, offlineTexts("en"))}`;
      }
      return zh
        ? `已执行 ${shown(command)}：\n\n\`\`\`\n${clip(output)}\n\`\`\`\n过一会儿可以让我再检查一次，确认变更已生效。`
        : `Done: ${shown(command)} ran.\n\n\`\`\`\n${clip(output)}\n\`\`\`\nAsk me to check again in a minute to confirm the change took effect.`;
    }
    case "unknown":
      return zh
        ? `${shown(command)} 已开始执行，但结果未知：请先检查对象的状态。`
        : `${shown(command)} started, but its result is unknown: check the object before anything else.`;
    case "rejected": {
      const reason = reasonOf(step);
      if (reason !== undefined)
        return zh
          ? `好的，你的理由是“${reason}”：${shown(command)} 没有执行，集群没有任何改动。需要时再告诉我，或者让我换一种做法。`
          : `Understood — “${reason}”: ${shown(command)} was not run and nothing was changed. Tell me when it suits you, or ask me for another way.`;
      return zh
        ? `好的，${shown(command)} 没有执行：你拒绝了这项变更，集群没有任何改动。`
        : `Understood: ${shown(command)} was not run, as you decided. Nothing was changed.`;
    }
    case "refused":
      return zh
        ? `没有执行 ${shown(command)}：当前会话是只读的（read-only），不会修改集群。如需执行，请自行运行这条命令。`
        : `I did not run ${shown(command)}: this session is read-only, so it never changes the cluster. To make the change, run the command yourself.`;
    case "suggested":
      return zh
        ? `当前会话只提供建议、不执行变更。你可以自己运行：${shown(command)}`
        : `This session only suggests changes and runs none. To do it yourself: ${shown(command)}`;
    case "timeout":
    case "cancelled":
    case "error":
    case undefined:
      return zh
        ? `${shown(command)} 没有成功：\n\n\`\`\`\n${clip(step.content)}\n\`\`\``
        : `${shown(command)} did not succeed:\n\n\`\`\`\n${clip(step.content)}\n\`\`\``;
  }
}

export function ambiguous(request: ActionRequest, choices: ObjectRow[]): string {
  const list = choices.map((c) => `- ${rowLabel(c)}`).join("\n");
  const name = request.target.name ?? "";
  return request.language === "zh"
    ? `有多个对象符合${name ? ` ${name}` : ""}，你指的是哪一个？\n${list}\n\n请回复命名空间或名称。`
    : `More than one object matches${name ? ` ${name}` : ""}. Which one do you mean?\n${list}\n\nReply with the namespace or the name.`;
}

export function unnamed(request: ActionRequest, choices: ObjectRow[]): string {
  const what = WHAT[request.verb];
  const list = choices.map((c) => `- ${rowLabel(c)}`).join("\n");
  return request.language === "zh"
    ? `要${what.zh.replace(/：$/, "")}哪个对象？请告诉我名称${choices.length ? `，例如：\n${list}` : "。"}`
    : `Which object should I ${what.en}? Name it${choices.length ? `, for example:\n${list}` : "."}`;
}

export function notFound(
  request: ActionRequest,
  kinds: string[],
  name: string,
  nearest: string[],
  elsewhere: ObjectRow[],
): string {
  const zh = request.language === "zh";
  const ns = request.target.namespace;
  const scope =
    ns === undefined
      ? zh
        ? "任何命名空间中"
        : "in any namespace"
      : zh
        ? `${ns} 命名空间中`
        : `in namespace ${ns}`;
  const lines = [
    zh
      ? `没有找到名为 ${name} 的对象（${kinds.join("、")}）：${scope}都不存在。`
      : `I could not find ${name}: no ${kinds.join(", ")} is named so ${scope}.`,
  ];
  if (elsewhere.length > 0)
    lines.push(
      zh
        ? `其他命名空间中有：${elsewhere.map(rowLabel).join("、")}。`
        : `It exists elsewhere: ${elsewhere.map(rowLabel).join(", ")}.`,
    );
  if (nearest.length > 0)
    lines.push(zh ? `你是指 ${nearest.join("、")} 吗？` : `Did you mean ${nearest.join(" or ")}?`);
  return lines.join("\n");
}

export function cannot(request: ActionRequest, reason: { en: string; zh: string }): string {
  return request.language === "zh"
    ? `无法生成这条变更命令：${reason.zh}。`
    : `I cannot turn that into one command: ${reason.en}.`;
}

export function noKubectl(request: ActionRequest): string {
  return request.language === "zh"
    ? "当前会话没有 kubectl 工具，无法执行这项操作。"
    : "The kubectl tool is not available in this session, so I cannot do that.";
}
