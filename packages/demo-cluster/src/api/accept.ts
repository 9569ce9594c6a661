/**
 * What representation the client asked for in its Accept header. Clients list
 * alternatives in order of preference (kubectl: Table v1, Table v1beta1, plain
 * JSON); the first one the simulator can produce wins.
 */
export type Representation =
  | { as: "object" }
  | { as: "Table"; version: "v1" | "v1beta1" }
  | { as: "PartialObjectMetadata"; version: "v1" | "v1beta1" }
  | { as: "APIGroupDiscoveryList" };

interface MediaType {
  type: string;
  params: Record<string, string>;
}

function parseAccept(header: string | undefined): MediaType[] {
  if (header === undefined || header.trim() === "") return [{ type: "*/*", params: {} }];
  return header.split(",").map((part) => {
    const [type = "", ...rest] = part.split(";").map((s) => s.trim());
    const params: Record<string, string> = {};
    for (const p of rest) {
      const i = p.indexOf("=");
      if (i > 0) params[p.slice(0, i).trim()] = p.slice(i + 1).trim();
    }
    return { type, params };
  });
}

export function representation(header: string | undefined): Representation {
  for (const m of parseAccept(header)) {
    const as = m.params.as;
    if (as === undefined) {
      if (
        m.type === "application/json" ||
        m.type === "*/*" ||
        m.type === "application/*" ||
        m.type === "application/yaml"
      ) {
        return { as: "object" };
      }
      continue;
    }
    const v = m.params.v;
    if (as === "Table" && m.params.g === "meta.k8s.io" && (v === "v1" || v === "v1beta1"))
      return { as: "Table", version: v };
    if (
      (as === "PartialObjectMetadata" || as === "PartialObjectMetadataList") &&
      m.params.g === "meta.k8s.io" &&
      (v === "v1" || v === "v1beta1")
    ) {
      return { as: "PartialObjectMetadata", version: v };
    }
    if (as === "APIGroupDiscoveryList" && m.params.g === "apidiscovery.k8s.io" && v === "v2")
      return { as: "APIGroupDiscoveryList" };
  }
  return { as: "object" };
}
