import type { ToolClassification } from "@kubemedic/protocol";
import type { DryRun, ParseResult, RefusalKind } from "./parseCommand";
import { parseCommand } from "./parseCommand";
import { verbSpec } from "./verbs";
import { redactCommand } from "../../redact/redactCommand";

/** What the parser decided about a command line, before anything runs. */
export interface CommandClassification {
  classification: ToolClassification;
  /**
   * Why: for `refused`, the rule and what to do instead; for `mutating`, what
   * the command changes; for a dry run, that nothing is persisted.
   */
  reason?: string;
  /** Canonical verb: `get`, `rollout restart`, `set image`; "" when none was read. */
  verb: string;
  /**
   * The command as it would run, re-quoted, without a leading `kubectl`, with
   * credential values masked: for display, logs and approval cards. Run the
   * original line, not this one.
   */
  command: string;
  /** Which rule refused the line (refused only). `invalid`: not a valid command line. */
  refusal?: RefusalKind;
  /** For mutating verbs: the --dry-run mode (`client`/`server` make them `read`). */
  dryRun?: DryRun;
}

/**
 * Classifies a kubectl command line as `read`, `mutating` or `refused`. Pure:
 * no I/O and no discovery, so the agent can route a call before anything
 * touches the cluster. The decision is the parser's, never the model's.
 */
export function classifyCommand(line: string): CommandClassification {
  return classifyParsed(parseCommand(line));
}

/** `classifyCommand` of a line already parsed: a caller that keeps the parse classifies it without parsing again. */
export function classifyParsed(parsed: ParseResult): CommandClassification {
  if (!parsed.ok) {
    return {
      classification: "refused",
      reason: parsed.message,
      verb: parsed.verb,
      command: redactCommand(parsed.command),
      refusal: parsed.refusal,
    };
  }
  const { command } = parsed;
  const spec = verbSpec(command.verb);
  if (spec?.kind !== "mutating") {
    return { classification: "read", verb: command.verb, command: command.command };
  }
  if (command.classification === "read") {
    return {
      classification: "read",
      reason: `dry run (--dry-run=${command.dryRun}): the server validates it and nothing is persisted`,
      verb: command.verb,
      command: redactCommand(command.command),
      dryRun: command.dryRun,
    };
  }
  return {
    classification: "mutating",
    reason: `${command.verb} ${spec.effect ?? "changes the cluster"}`,
    verb: command.verb,
    command: redactCommand(command.command),
    dryRun: "none",
  };
}
