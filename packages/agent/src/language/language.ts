/**
 * The languages the agent answers in. Enum values, object names and commands
 * are never translated; only prose is.
 */
export const LANGUAGES = ["en", "zh"] as const;
export type Language = (typeof LANGUAGES)[number];
