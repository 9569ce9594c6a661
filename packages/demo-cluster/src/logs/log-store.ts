import type { ScenarioLog } from "../scenario/scenario";

/**
 * Container logs by pod and container: the current instance's and the
 * previous one's. Scenario files fill it at load; the reconciler writes logs
 * for the pods it creates.
 */
export class LogStore {
  private readonly logs = new Map<string, string>();

  constructor(initial: readonly ScenarioLog[] = []) {
    for (const l of initial) this.set(l.namespace, l.pod, l.container, l.previous, l.text);
  }

  set(namespace: string, pod: string, container: string, previous: boolean, text: string): void {
    this.logs.set(key(namespace, pod, container, previous), text);
  }

  get(namespace: string, pod: string, container: string, previous: boolean): string | undefined {
    return this.logs.get(key(namespace, pod, container, previous));
  }

  /** Any log (current or previous) of this container exists. */
  has(namespace: string, pod: string, container: string): boolean {
    return (
      this.logs.has(key(namespace, pod, container, false)) ||
      this.logs.has(key(namespace, pod, container, true))
    );
  }

  deletePod(namespace: string, pod: string): void {
    const prefix = `${namespace}/${pod}/`;
    for (const k of [...this.logs.keys()]) if (k.startsWith(prefix)) this.logs.delete(k);
  }
}

function key(namespace: string, pod: string, container: string, previous: boolean): string {
  return `${namespace}/${pod}/${container}/${previous ? "previous" : "current"}`;
}
