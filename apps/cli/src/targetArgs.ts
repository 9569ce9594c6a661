import type { TargetFlags } from "./clusterTarget";
import { UsageError } from "./command";

/** What a headless command (`diagnose`, `mcp`) takes besides the cluster-target flags. */
export interface TargetArgsSpec {
  /** Its own flags that take no value (`--json`, `-y`). */
  switches?: readonly string[];
  /** Whether bare words are allowed (the question); when not, each one is an unknown option. */
  words?: boolean;
}

export interface TargetArgs {
  target: TargetFlags;
  /** The switches given, by the name they were given as. */
  switches: Set<string>;
  words: string[];
}

/**
 * The one parser of the cluster-target flags: `--kubeconfig`, `--context`, `-n`/`--namespace`,
 * `--demo` and `--scenario` (which implies `--demo`). `--flag=value` and `-n=value` carry their
 * value inline (kubectl accepts both).
 */
export function parseTargetArgs(args: string[], spec: TargetArgsSpec = {}): TargetArgs {
  const target: TargetFlags = { demo: false, scenarios: [] };
  const switches = new Set<string>();
  const words: string[] = [];
  const own = new Set(["--demo", ...(spec.switches ?? [])]);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const [name = arg, inline] = /^(?:--[^=]+|-n)=/.test(arg)
      ? arg.split(/=(.*)/s, 2)
      : [arg, undefined];
    const value = (): string => {
      const v = inline ?? args[++i];
      if (v === undefined || v === "") throw new UsageError(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case "--kubeconfig":
        target.kubeconfig = value();
        continue;
      case "--context":
        target.context = value();
        continue;
      case "-n":
      case "--namespace":
        target.namespace = value();
        continue;
      case "--scenario":
        target.scenarios.push(value());
        target.demo = true;
        continue;
    }
    if (own.has(name)) {
      if (inline !== undefined) throw new UsageError(`${name} takes no value`);
      if (name === "--demo") target.demo = true;
      else switches.add(name);
    } else if (spec.words === true && !(arg.startsWith("-") && arg !== "-")) {
      words.push(arg);
    } else {
      throw new UsageError(`unknown option '${arg}'`);
    }
  }
  return { target, switches, words };
}

/** The demo cluster is its own target: no kubeconfig or context beside it. */
export function checkTarget(target: TargetFlags): void {
  if (target.demo && (target.kubeconfig !== undefined || target.context !== undefined)) {
    throw new UsageError("--demo cannot be combined with --kubeconfig or --context");
  }
}
