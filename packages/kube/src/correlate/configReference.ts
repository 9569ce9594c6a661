/** A ConfigMap or Secret (and maybe one key of it) that a container needs but cannot get. */
export interface MissingConfigRef {
  kind: "ConfigMap" | "Secret";
  name: string;
  namespace: string | undefined;
  /** The missing key, when the object exists but lacks it. */
  key: string | undefined;
}

/**
 * Reads the kubelet's CreateContainerConfigError and FailedMount messages:
 * `configmap "app-config" not found`,
 * `couldn't find key DATABASE_URL in ConfigMap shop/app-config`,
 * `secret "db-credentials" not found`,
 * `MountVolume.SetUp failed for volume "cfg" : configmap "app-config" not found`.
 */
export function parseMissingConfig(message: string): MissingConfigRef | undefined {
  const key = /couldn't find key (\S+) in (ConfigMap|Secret) (?:([^/\s]+)\/)?([^\s,;]+)/i.exec(
    message,
  );
  if (key !== null)
    return {
      kind: key[2]?.toLowerCase() === "secret" ? "Secret" : "ConfigMap",
      key: key[1],
      namespace: key[3],
      name: trimPunctuation(key[4] ?? ""),
    };
  const missing = /\b(configmap|secret)s? "([^"]+)" not found/i.exec(message);
  if (missing !== null)
    return {
      kind: missing[1]?.toLowerCase() === "secret" ? "Secret" : "ConfigMap",
      name: missing[2] ?? "",
      namespace: undefined,
      key: undefined,
    };
  return undefined;
}

function trimPunctuation(s: string): string {
  return s.replace(/[.,;:]+$/, "");
}
