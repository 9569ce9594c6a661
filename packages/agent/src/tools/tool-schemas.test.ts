import { TOOL_NAMES } from "@kubemedic/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createModel } from "../models/create-model";
import { startOpenAIStub, type OpenAIStub } from "../testing/openai-stub";
import { toolsNamed } from "./index";

/** JSON Schema as the model receives it. */
interface JsonSchema {
  type?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

/** Paths of every property and array item without a description. */
function undescribed(schema: JsonSchema, path: string): string[] {
  const out: string[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (!property.description?.trim()) out.push(`${path}.${name}`);
    out.push(...undescribed(property, `${path}.${name}`));
  }
  if (schema.items !== undefined) {
    if (!schema.items.description?.trim()) out.push(`${path}[]`);
    out.push(...undescribed(schema.items, `${path}[]`));
  }
  for (const [i, alternative] of (schema.anyOf ?? []).entries())
    out.push(...undescribed(alternative, `${path}|${i}`));
  return out;
}

let stub: OpenAIStub;
beforeAll(async () => {
  stub = await startOpenAIStub([{ text: "ok" }]);
});
afterAll(async () => {
  await stub.close();
});

describe("the tool schemas the model is sent", () => {
  it("describe every property and array item of every tool (ChatOpenAI.bindTools, recorded by the stub)", async () => {
    const { model } = createModel({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: stub.url });
    await model.bindTools?.(toolsNamed(TOOL_NAMES)).invoke("hello");
    const tools = (stub.requests[0]?.body?.tools ?? []) as unknown as {
      function: { name: string; parameters: JsonSchema };
    }[];
    expect(tools.map((t) => t.function.name)).toEqual([...TOOL_NAMES]);
    for (const t of tools) {
      expect(Object.keys(t.function.parameters.properties ?? {}).length).toBeGreaterThan(0);
      expect(undescribed(t.function.parameters, t.function.name)).toEqual([]);
    }
  });

  it("finds what is missing (the walker itself)", () => {
    expect(
      undescribed(
        {
          type: "object",
          properties: {
            a: { type: "string", description: "fine" },
            b: { type: "array", description: "list", items: { type: "string" } },
            c: { type: "object", properties: { d: { type: "number" } } },
          },
        },
        "t",
      ),
    ).toEqual(["t.b[]", "t.c", "t.c.d"]);
  });
});
