import { SCENARIO_CATEGORIES } from "@kubemedic/demo-cluster";
import { TOOL_STATUSES } from "@kubemedic/protocol";
import { z } from "zod";

/**
 * A conversation script (docs/quality.md#conversation-scripts): a scenario, an
 * approval policy and the user's turns, each with what the agent must do.
 * Every object is strict: a misspelt key is an error, never a silently
 * skipped expectation.
 */
const dnsLabel = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const text = z.string().trim().min(1, "must not be empty");

/** A kubectl (or k8sgpt) command line, or a list of alternatives, matched as matchCommand says. */
const CommandText = z.union([
  text.max(2_000),
  z.array(text.max(2_000)).min(1, "give at least one"),
]);
const CommandMatch = z.strictObject({ commandContains: CommandText });
const oneOrMore = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item).min(1, "give at least one")]);

export const ToolExpectation = z.strictObject({
  commandContains: CommandText,
  /** How the call ended: `ok` unless said (a command that reached the cluster and answered); `any` accepts every status. */
  status: z.enum([...TOOL_STATUSES, "any"]).optional(),
});
export type ToolExpectation = z.infer<typeof ToolExpectation>;

const ReportExpectation = z.strictObject({
  category: z.enum(SCENARIO_CATEGORIES),
  resource: z
    .string()
    .regex(/^[A-Za-z]+\/([^/\s]+\/)?[^/\s]+$/, "must be Kind/namespace/name or Kind/name"),
  mentions: z.array(text).optional(),
});
export type ReportExpectation = z.infer<typeof ReportExpectation>;

/** A string, or a list of alternatives of which one must appear. */
const Mention = z.union([text, z.array(text).min(1, "give at least one alternative")]);
export type Mention = z.infer<typeof Mention>;

const namespaceOrAll = z
  .string()
  .refine((v) => v === "all" || dnsLabel.test(v), "must be all or a namespace name");

export const Expectations = z.strictObject({
  report: ReportExpectation.optional(),
  tool: oneOrMore(ToolExpectation).optional(),
  noTool: z.union([z.literal(true), oneOrMore(CommandMatch)]).optional(),
  approval: oneOrMore(CommandMatch).optional(),
  clarify: z
    .union([z.boolean(), z.strictObject({ choices: z.array(text).min(1, "give at least one") })])
    .optional(),
  answerMentions: z
    .union([text, z.array(Mention).min(1, "give at least one")])
    .transform((v) => (typeof v === "string" ? [v] : v))
    .optional(),
  language: z.enum(["en", "zh"]).optional(),
  scope: z
    .union([namespaceOrAll, z.array(z.string().regex(dnsLabel, "not a namespace name")).min(1)])
    .optional(),
});
export type Expectations = z.infer<typeof Expectations>;

/** `approve`, or `reject` with an optional reason (`reject: not during business hours`). */
const Decision = z
  .string()
  .trim()
  .regex(/^(approve|reject(\s*:\s*\S[\s\S]*)?)$/, 'must be approve or "reject: <reason>"')
  .transform((v): { decision: "approve" | "reject"; reason?: string } => {
    if (v === "approve") return { decision: "approve" };
    const reason = v.replace(/^reject\s*:?\s*/, "").trim();
    return reason === "" ? { decision: "reject" } : { decision: "reject", reason };
  });
export type Decision = z.infer<typeof Decision>;

export const ScriptTurn = z.strictObject({
  user: text.max(16_000),
  /** What the UI's namespace picker says for this turn and the next ones. */
  namespacePicker: namespaceOrAll.optional(),
  expect: Expectations.default({}),
  /** Applied to every approval the turn asks for. */
  decide: Decision.optional(),
});
export type ScriptTurn = z.infer<typeof ScriptTurn>;

const POLICIES = ["read-only", "approve-mutations", "suggest-only"] as const;

export const ConversationScript = z.strictObject({
  name: z.string().regex(dnsLabel, "must be a lowercase DNS label").max(100).optional(),
  description: z.string().max(4_000).optional(),
  /** A built-in scenario name, or a folder relative to the script; a list serves several in one cluster. */
  scenario: z.union([text, z.array(text).min(1, "give at least one")]),
  policy: z.enum(POLICIES).optional(),
  turns: z.array(ScriptTurn).min(1, "a script needs at least one turn").max(50),
});
export type ConversationScript = z.infer<typeof ConversationScript>;
