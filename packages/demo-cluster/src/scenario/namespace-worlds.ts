import type { Scenario } from "./scenario";

/**
 * Which scenario each namespace comes from. Every scenario is written against the
 * shared base nodes alone; merging sixty of them onto three workers would overcommit
 * the nodes many times over, and a fix's new pod would stay Pending in the default
 * cluster while it schedules when its scenario is loaded alone. So the scheduler
 * charges a node only with the pods of the new pod's own scenario and of the shared
 * folders (`_base`): a scenario behaves the same whatever else is loaded.
 */
export class NamespaceWorlds {
  private readonly owners = new Map<string, Set<string>>();
  private readonly shared = new Set<string>();

  constructor(scenarios: readonly Scenario[]) {
    for (const s of scenarios) {
      for (const { object } of s.objects) {
        const ns = object.kind === "Namespace" ? object.metadata.name : object.metadata.namespace;
        if (ns === undefined || ns === "") continue;
        if (s.base) this.shared.add(ns);
        else {
          const set = this.owners.get(ns) ?? new Set<string>();
          set.add(s.name);
          this.owners.set(ns, set);
        }
      }
    }
  }

  /**
   * Whether a pod in `other` takes capacity a new pod in `ns` could use: shared
   * namespaces count for everyone; namespaces no scenario loaded (made at run
   * time) form one world of their own.
   */
  competes(ns: string, other: string): boolean {
    if (this.shared.has(other)) return true;
    const mine = this.owners.get(ns);
    const theirs = this.owners.get(other);
    if (mine === undefined || theirs === undefined) return mine === theirs;
    for (const name of mine) if (theirs.has(name)) return true;
    return false;
  }
}
