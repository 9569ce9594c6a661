/**
 * The commands that take an applied change back, when the change says enough:
 * a Deployment's template change rolls back to the previous ReplicaSet; a scale
 * goes back to the count the approval preview showed; a cordon is uncordoned;
 * a suspended CronJob or a paused rollout is resumed. Undefined when no command
 * can honestly undo it (a deleted pod, a restart).
 */
export function undoCommands(command: string, before: string | undefined): string[] | undefined {
  const words = command
    .trim()
    .replace(/^kubectl\s+/, "")
    .split(/\s+/);
  const ns = /(?:^|\s)(-n|--namespace)[= ](\S+)/.exec(command)?.[2];
  const nsFlag = ns === undefined ? "" : ` -n ${ns}`;
  const target = words.find((w) => /^(deployment|deploy|deployments)\/[a-z0-9]/.test(w));
  const [verb, sub] = words;
  if (verb === "scale" && target !== undefined) {
    const replicas = /^\s*replicas:\s*(\d+)\s*$/m.exec(before ?? "")?.[1];
    return replicas === undefined ? undefined : [`scale ${target} --replicas=${replicas}${nsFlag}`];
  }
  if (verb === "set" && (sub === "image" || sub === "env" || sub === "resources") && target)
    return [`rollout undo ${target}${nsFlag}`];
  if (verb === "patch" && target !== undefined && /"?template"?/.test(command))
    return [`rollout undo ${target}${nsFlag}`];
  if (verb === "cordon" && sub !== undefined) return [`uncordon ${sub}`];
  if (verb === "uncordon" && sub !== undefined) return [`cordon ${sub}`];
  if (verb === "rollout" && sub === "pause" && words[2] !== undefined)
    return [`rollout resume ${words[2]}${nsFlag}`];
  if (verb === "rollout" && sub === "resume" && words[2] !== undefined)
    return [`rollout pause ${words[2]}${nsFlag}`];
  const cronjob = words.find((w) => /^(cronjob|cronjobs|cj)\//.test(w));
  if (verb === "patch" && cronjob !== undefined) {
    if (/"suspend"\s*:\s*true/.test(command))
      return [`patch ${cronjob}${nsFlag} -p '{"spec":{"suspend":false}}'`];
    if (/"suspend"\s*:\s*false/.test(command))
      return [`patch ${cronjob}${nsFlag} -p '{"spec":{"suspend":true}}'`];
  }
  return undefined;
}
