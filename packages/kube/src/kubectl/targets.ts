import { KubeError } from "../errors";
import type { ResourceInfo } from "../connection/resourceInfo";
import type { VerbContext } from "./verbContext";

/** One resource type and the names asked for (none = every object of the type). */
export interface Target {
  info: ResourceInfo;
  names: string[];
}

export interface ResolvedTargets {
  targets: Target[];
  /** Several types, or a category such as `all`: kubectl then prefixes names with their type. */
  multipleTypes: boolean;
  /** True when objects were named (`get pod x`), not listed. */
  named: boolean;
}

/**
 * Object names as the API accepts them in a path: never `.`/`..`, no slash,
 * no whitespace or control characters. (RBAC names may contain `:`, node
 * names `.`.) Checked before any URL is built.
 */
const NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.:@]{0,251}[A-Za-z0-9])?$/;

export function checkName(name: string): string {
  if (!NAME.test(name) || name.includes("..")) {
    throw new KubeError("usage", `invalid resource name "${name}"`);
  }
  return name;
}

/**
 * Reads kubectl's resource arguments: `TYPE[,TYPE…] [NAME…]` or
 * `TYPE/NAME [TYPE/NAME…]`, with types as plural, singular, short name, kind
 * or group-qualified, and categories such as `all`.
 */
export async function resolveTargets(
  ctx: VerbContext,
  args: string[],
  verb = "get",
): Promise<ResolvedTargets> {
  if (args.length === 0) {
    throw new KubeError(
      "usage",
      `you must specify the type of resource to ${verb}; "api-resources" lists them`,
    );
  }
  const discovery = ctx.cluster.discovery;
  if (args.some((arg) => arg.includes("/"))) {
    if (!args.every((arg) => arg.includes("/"))) {
      throw new KubeError(
        "usage",
        "there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'get pod/x' instead of 'get pod pod/x')",
      );
    }
    const targets: Target[] = [];
    for (const arg of args) {
      const slash = arg.indexOf("/");
      const type = arg.slice(0, slash);
      const name = checkName(arg.slice(slash + 1));
      const info = await discovery.resolve(type, ctx.signal);
      const existing = targets.find((t) => t.info === info);
      if (existing) existing.names.push(name);
      else targets.push({ info, names: [name] });
    }
    return { targets, multipleTypes: targets.length > 1, named: true };
  }
  const [typeList, ...names] = args;
  names.forEach(checkName);
  const targets: Target[] = [];
  let category = false;
  for (const type of typeList!.split(",").filter((t) => t.length > 0)) {
    const members = names.length === 0 ? await discovery.category(type, ctx.signal) : undefined;
    const infos = members ?? [await discovery.resolve(type, ctx.signal)];
    if (members) category = true;
    for (const info of infos) {
      if (!targets.some((t) => t.info === info)) targets.push({ info, names: [...names] });
    }
  }
  return { targets, multipleTypes: targets.length > 1 || category, named: names.length > 0 };
}
