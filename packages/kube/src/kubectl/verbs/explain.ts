import { KubeError, isKubeError } from "../../errors";
import type { ResourceInfo } from "../../connection/resourceInfo";
import type { Obj } from "../fetch";
import { str } from "../../output/describe/format";
import type { VerbContext, VerbOutput } from "../verbContext";

type Schema = Obj;

/**
 * `kubectl explain TYPE[.field.path]` from the server's OpenAPI v3 documents:
 * the type's group/kind/version, the field's type and description, and its
 * sub-fields (all levels with --recursive). Clusters that serve no OpenAPI v3
 * get a clear `unsupported` error.
 */
export async function runExplain(ctx: VerbContext): Promise<VerbOutput> {
  const arg = ctx.command.args[0];
  if (arg === undefined)
    throw new KubeError("usage", "explain needs a type, e.g. explain deployment.spec.strategy");
  const [typeName, ...path] = arg.split(".");
  let info = await ctx.cluster.discovery.resolve(typeName!, ctx.signal);
  const apiVersion = ctx.command.flags.string("api-version");
  if (apiVersion !== undefined)
    info = {
      ...info,
      groupVersion: apiVersion,
      group: apiVersion.includes("/") ? apiVersion.split("/")[0]! : "",
      version: apiVersion.split("/").pop()!,
    };
  const doc = await openApiDocument(ctx, info);
  const schemas = ((doc.components as Obj | undefined)?.schemas ?? {}) as Record<string, Schema>;
  const rootName = Object.keys(schemas).find((key) => matchesGvk(schemas[key]!, info));
  if (rootName === undefined) {
    throw new KubeError("not_found", `no OpenAPI schema for ${info.kind} in ${info.groupVersion}`);
  }
  let schema = resolveRef(schemas[rootName]!, schemas);
  let typeLabel = shortName(rootName);
  let fieldName: string | undefined;
  for (const field of path) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const next = properties[field];
    if (next === undefined) {
      throw new KubeError("not_found", `field "${field}" does not exist`);
    }
    typeLabel = typeOf(next, schemas);
    schema = elementOf(resolveRef(next, schemas), schemas);
    fieldName = field;
  }
  const lines = [
    `GROUP:      ${info.group}`,
    `KIND:       ${info.kind}`,
    `VERSION:    ${info.version}`,
    "",
  ];
  if (fieldName !== undefined) lines.push(`FIELD: ${fieldName} <${typeLabel}>`, "");
  lines.push("DESCRIPTION:", ...wrap(str(schema.description) || "<empty>", 4));
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  if (Object.keys(properties).length > 0) {
    lines.push("", "FIELDS:");
    lines.push(...fields(schema, schemas, ctx.command.flags.bool("recursive"), 1, new Set()));
  }
  return { text: lines.join("\n"), hint: "a deeper field path, e.g. deployment.spec.strategy" };
}

async function openApiDocument(ctx: VerbContext, info: ResourceInfo): Promise<Obj> {
  let index: { paths?: Record<string, { serverRelativeURL?: string }> };
  try {
    index = await ctx.cluster.transport.json({
      path: "/openapi/v3",
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
  } catch (error) {
    if (isKubeError(error, "not_found")) {
      throw new KubeError(
        "unsupported",
        "explain needs the server's OpenAPI v3 documents, and this cluster does not serve them (/openapi/v3)",
      );
    }
    throw error;
  }
  const key = info.group === "" ? `api/${info.version}` : `apis/${info.group}/${info.version}`;
  const entry = index.paths?.[key];
  if (entry === undefined)
    throw new KubeError(
      "unsupported",
      `the server publishes no OpenAPI v3 document for ${info.groupVersion}`,
    );
  const url = new URL(entry.serverRelativeURL ?? `/openapi/v3/${key}`, "http://x");
  return ctx.cluster.transport.json({
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
}

function matchesGvk(schema: Schema, info: ResourceInfo): boolean {
  const gvks = (schema["x-kubernetes-group-version-kind"] ?? []) as Obj[];
  return gvks.some(
    (g) => g.group === info.group && g.version === info.version && g.kind === info.kind,
  );
}

function refName(schema: Schema): string | undefined {
  if (typeof schema.$ref === "string") return schema.$ref.split("/").pop();
  const allOf = schema.allOf as Schema[] | undefined;
  const first = allOf?.[0];
  return first && typeof first.$ref === "string" ? first.$ref.split("/").pop() : undefined;
}

function resolveRef(schema: Schema, schemas: Record<string, Schema>): Schema {
  const name = refName(schema);
  if (name === undefined) return schema;
  const target = schemas[name] ?? {};
  return { ...target, ...(schema.description ? { description: schema.description } : {}) };
}

function elementOf(schema: Schema, schemas: Record<string, Schema>): Schema {
  if (schema.type === "array" && schema.items) return resolveRef(schema.items as Schema, schemas);
  return schema;
}

function typeOf(schema: Schema, schemas: Record<string, Schema>): string {
  const name = refName(schema);
  if (name !== undefined) return shortName(name);
  if (schema.type === "array") return `[]${typeOf((schema.items ?? {}) as Schema, schemas)}`;
  if (schema.type === "object" && schema.additionalProperties) {
    return `map[string]${typeOf(schema.additionalProperties as Schema, schemas)}`;
  }
  if (schema.type === "object") return "Object";
  return typeof schema.type === "string" ? schema.type : "Object";
}

function shortName(schemaName: string): string {
  return schemaName.split(".").pop() ?? schemaName;
}

function fields(
  schema: Schema,
  schemas: Record<string, Schema>,
  recursive: boolean,
  depth: number,
  seen: Set<string>,
): string[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const lines: string[] = [];
  const indent = "  ".repeat(depth);
  for (const name of Object.keys(properties).sort()) {
    const prop = properties[name]!;
    lines.push(
      `${indent}${name}\t<${typeOf(prop, schemas)}>${required.has(name) ? " -required-" : ""}`,
    );
    const resolved = elementOf(resolveRef(prop, schemas), schemas);
    if (Array.isArray(resolved.enum))
      lines.push(`${indent}enum: ${(resolved.enum as unknown[]).map(String).join(", ")}`);
    if (recursive) {
      const ref = refName(prop) ?? refName((prop.items ?? {}) as Schema);
      if (ref !== undefined && !seen.has(ref)) {
        lines.push(...fields(resolved, schemas, true, depth + 1, new Set([...seen, ref])));
      }
    } else {
      lines.push(
        ...wrap(
          str(resolved.description) || str(prop.description) || "<no description>",
          4 + 2 * (depth - 1),
        ),
        "",
      );
    }
  }
  return lines;
}

function wrap(text: string, indent: number, width = 80): string[] {
  const pad = " ".repeat(indent);
  const out: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line !== "" && pad.length + line.length + 1 + word.length > width) {
        out.push(pad + line);
        line = word;
      } else line = line === "" ? word : `${line} ${word}`;
    }
    out.push(pad + line);
  }
  return out;
}
