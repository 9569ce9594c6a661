/**
 * The kubectl command lines (without `kubectl`) that evidence and fixes cite,
 * written exactly as a human would type them and as the kubectl engine runs
 * them. One builder per command so the wording stays uniform.
 */
const nsFlag = (ns: string | undefined) => (ns === undefined || ns === "" ? "" : ` -n ${ns}`);

/** Shell-quotes an argument only when it needs it. */
function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

export const cmd = {
  describe: (kind: string, name: string, ns?: string) =>
    `describe ${kind.toLowerCase()} ${name}${nsFlag(ns)}`,
  get: (kind: string, name: string, ns?: string, output?: string) =>
    `get ${kind.toLowerCase()} ${name}${nsFlag(ns)}${output === undefined ? "" : ` -o ${output}`}`,
  getList: (plural: string, ns?: string, extra = "") =>
    `get ${plural}${nsFlag(ns)}${extra === "" ? "" : ` ${extra}`}`,
  logs: (pod: string, ns: string, container: string | undefined, previous: boolean, tail = 50) =>
    `logs ${pod}${nsFlag(ns)}${container === undefined ? "" : ` -c ${container}`}${previous ? " --previous" : ""} --tail=${tail}`,
  events: (ns: string | undefined, name: string) =>
    `get events${nsFlag(ns)} --field-selector involvedObject.name=${name}`,
  podsBySelector: (ns: string, selector: string) =>
    `get pods${nsFlag(ns)} -l ${quote(selector)} -o wide`,
  rolloutUndo: (kind: string, name: string, ns: string) =>
    `rollout undo ${kind.toLowerCase()}/${name}${nsFlag(ns)}`,
  rolloutStatus: (kind: string, name: string, ns: string) =>
    `rollout status ${kind.toLowerCase()}/${name}${nsFlag(ns)}`,
  rolloutHistory: (kind: string, name: string, ns: string) =>
    `rollout history ${kind.toLowerCase()}/${name}${nsFlag(ns)}`,
  rolloutRestart: (kind: string, name: string, ns: string) =>
    `rollout restart ${kind.toLowerCase()}/${name}${nsFlag(ns)}`,
  setImage: (kind: string, name: string, ns: string, container: string, image: string) =>
    `set image ${kind.toLowerCase()}/${name} ${container}=${image}${nsFlag(ns)}`,
  setEnv: (
    kind: string,
    name: string,
    ns: string,
    container: string | undefined,
    assignment: string,
  ) =>
    `set env ${kind.toLowerCase()}/${name}${container === undefined ? "" : ` -c ${container}`} ${quote(assignment)}${nsFlag(ns)}`,
  setResources: (
    kind: string,
    name: string,
    ns: string,
    container: string | undefined,
    what: string,
  ) =>
    `set resources ${kind.toLowerCase()}/${name}${container === undefined ? "" : ` -c ${container}`} ${what}${nsFlag(ns)}`,
  patch: (
    kind: string,
    name: string,
    ns: string | undefined,
    patch: unknown,
    type?: "json" | "merge",
  ) =>
    `patch ${kind.toLowerCase()} ${name}${nsFlag(ns)}${type === undefined ? "" : ` --type=${type}`} -p ${quote(JSON.stringify(patch))}`,
  scale: (kind: string, name: string, ns: string, replicas: number) =>
    `scale ${kind.toLowerCase()}/${name} --replicas=${replicas}${nsFlag(ns)}`,
  delete: (kind: string, name: string, ns?: string) =>
    `delete ${kind.toLowerCase()} ${name}${nsFlag(ns)}`,
  deletePods: (ns: string, selector: string) => `delete pods${nsFlag(ns)} -l ${quote(selector)}`,
  cordon: (node: string) => `cordon ${node}`,
  drain: (node: string) => `drain ${node} --ignore-daemonsets --delete-emptydir-data`,
};
