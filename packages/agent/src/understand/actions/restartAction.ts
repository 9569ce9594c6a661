import type { ActionMatch, ActionText } from "./ActionText";

/**
 * "restart checkout", "do a rolling restart of cart", "bounce the api",
 * "重启 checkout", "把 cart 重启一下". A pod restarted is a pod deleted (its
 * controller makes a new one): parseAction turns that into `delete-pod`.
 */
export function matchRestart(t: ActionText): ActionMatch | undefined {
  if (t.zh) return /重启|重新启动|重开/.test(t.raw) ? { verb: "restart" } : undefined;
  const en =
    /^(?:(?:do|run|trigger|perform)\s+an?\s+)?(?:rollout\s+restart|rolling[- ]restart|restart|bounce|reboot|recycle|redeploy|cycle|kick)\b/;
  return en.test(t.body) ? { verb: "restart" } : undefined;
}
