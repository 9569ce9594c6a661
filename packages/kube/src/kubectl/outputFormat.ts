import { KubeError } from "../errors";
import type { CustomColumn } from "../output/customColumns";
import { parseCustomColumns } from "../output/customColumns";
import { JsonPath } from "../output/jsonpath";

export type OutputFormat =
  | { kind: "table"; wide: boolean }
  | { kind: "yaml" }
  | { kind: "json" }
  | { kind: "name" }
  | { kind: "jsonpath"; template: JsonPath; asJson: boolean }
  | { kind: "custom-columns"; columns: CustomColumn[] };

/** Reads `-o`: wide, yaml, json, name, jsonpath=…, jsonpath-as-json=…, custom-columns=…. */
export function parseOutputFormat(value: string | undefined): OutputFormat {
  if (value === undefined || value === "") return { kind: "table", wide: false };
  const eq = value.indexOf("=");
  const name = eq === -1 ? value : value.slice(0, eq);
  const arg = eq === -1 ? "" : value.slice(eq + 1);
  switch (name) {
    case "wide":
      return { kind: "table", wide: true };
    case "yaml":
    case "json":
    case "name":
      if (arg !== "") break;
      return { kind: name };
    case "jsonpath":
    case "jsonpath-as-json":
      if (arg === "")
        throw new KubeError(
          "usage",
          `-o ${name} needs a template, e.g. ${name}='{.items[*].metadata.name}'`,
        );
      return {
        kind: "jsonpath",
        template: JsonPath.parse(arg),
        asJson: name === "jsonpath-as-json",
      };
    case "custom-columns":
      return { kind: "custom-columns", columns: parseCustomColumns(arg) };
    case "go-template":
    case "go-template-file":
    case "template":
    case "templatefile":
    case "jsonpath-file":
    case "custom-columns-file":
      throw new KubeError(
        "unsupported",
        `-o ${name} is not supported: use jsonpath=… or custom-columns=…`,
      );
    default:
      break;
  }
  throw new KubeError(
    "usage",
    `unknown output format "${value}": use wide, yaml, json, name, jsonpath=…, jsonpath-as-json=… or custom-columns=…`,
  );
}
