import type { Pod } from "../../model/objects";

/** The values of a container's env vars set literally in the pod spec (not from a ConfigMap or Secret). */
export function literalEnvValues(pod: Pod, container: string): string[] {
  return envOf(pod, container).flatMap((e) => (e.value === undefined ? [] : [e.value]));
}

/** The first env var of a container whose literal value contains `text` (a host, a `host:port`). */
export function literalEnvContaining(
  pod: Pod,
  container: string,
  text: string,
): { name: string; value: string } | undefined {
  for (const e of envOf(pod, container))
    if (e.value !== undefined && e.value.includes(text)) return { name: e.name, value: e.value };
  return undefined;
}

function envOf(pod: Pod, container: string) {
  return (pod.spec?.containers ?? []).find((x) => x.name === container)?.env ?? [];
}
