import type { RunnableConfig } from "@langchain/core/runnables";
import type { ToolSettings } from "./tool-settings";

/** The configurable key carrying `ToolSettings` when a tool is invoked on its own. */
export const TOOL_SETTINGS_KEY = "kubemedicTools";

export function settingsFrom(config: RunnableConfig | undefined): ToolSettings {
  const settings = (config?.configurable as Record<string, unknown> | undefined)?.[
    TOOL_SETTINGS_KEY
  ];
  if (settings === undefined || settings === null || typeof settings !== "object") {
    throw new Error(`tool invoked without configurable.${TOOL_SETTINGS_KEY}`);
  }
  return settings as ToolSettings;
}
