import type { ActionMatch, ActionText } from "./ActionText";

/**
 * "suspend the sitemap cronjob", "pause the orders-api rollout", "resume it",
 * "resume the rollout", "disable the backup cronjob"; "暂停 sitemap 定时任务",
 * "暂停 orders-api 的发布", "恢复它", "继续发布". Whether it is a CronJob's
 * suspend or a Deployment's rollout pause depends on the object found; the
 * wording may decide it first ("rollout", "定时任务").
 */
export function matchSuspend(t: ActionText): ActionMatch | undefined {
  const verb = t.zh ? zhVerb(t.raw) : enVerb(t.body);
  if (verb === undefined) return undefined;
  const kind = /\brollouts?\b|\bdeploy(?:ment)?s?\b|\brelease\b|发布|上线|滚动更新|更新|部署/i.test(
    t.raw,
  )
    ? "Deployment"
    : /\bcron\s*jobs?\b|\bcron\b|\bjobs?\b|\bschedule\b|定时任务|计划任务/i.test(t.raw)
      ? "CronJob"
      : undefined;
  // "stop"/"disable"/"enable" suspend or resume only a CronJob; a rollout is paused.
  if (
    !t.zh &&
    /^(?:stop|disable|enable|re-?enable|turn|switch)\b/.test(t.body) &&
    kind !== "CronJob"
  )
    return undefined;
  return { verb, ...(kind === undefined ? {} : { kind }) };
}

function enVerb(b: string): "suspend" | "resume" | undefined {
  if (/^(?:suspend|pause|halt|freeze|stop|disable|turn off|switch off)\b/.test(b)) return "suspend";
  if (
    /^(?:resume|unpause|unsuspend|unfreeze|continue|enable|re-?enable|reactivate|turn on|switch on)\b/.test(
      b,
    )
  )
    return "resume";
  return undefined;
}

function zhVerb(raw: string): "suspend" | "resume" | undefined {
  if (/取消暂停|解除暂停|恢复|继续|重新启用|启用/.test(raw)) return "resume";
  if (/暂停|挂起|停用|冻结|停止/.test(raw)) return "suspend";
  return undefined;
}
