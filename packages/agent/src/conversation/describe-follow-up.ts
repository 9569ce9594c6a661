import { refText } from "./context";
import type { ResolvedFollowUp } from "./resolve-follow-up";

/** One line for the LLM's prompt: what the user's follow-up refers to, resolved from the conversation. */
export function describeFollowUp(f: ResolvedFollowUp): string {
  switch (f.kind) {
    case "read":
      return `they want to see: ${f.commands.map((c) => `\`${c}\``).join(", ")}`;
    case "recheck":
      return `check again whether the problem is gone${f.about ? ` (${refText(f.about)})` : ""}${f.namespace ? ` in namespace ${f.namespace}` : ""}`;
    case "propose":
      return f.why === "undo"
        ? `undo the last applied change: propose ${f.commands.map((c) => `\`${c}\``).join(", ")} (through approval)`
        : `apply this fix of the last diagnosis: ${f.commands.map((c) => `\`${c}\``).join(", ")} (through approval)`;
    case "explain":
      return "explain how to fix the last diagnosis, without changing anything";
    case "changes":
      return "say what this conversation changed or proposed, and what became of each change";
    case "recap":
      return "recap this conversation: what was asked, found, changed and verified (the context above has it)";
    case "unresolved":
      return "it refers to something this conversation has not established: ask what they mean";
    case "choose":
      return f.found === "several"
        ? `several objects are named ${f.name} (${f.choices.map((c) => c.label).join(", ")}): ask which one`
        : `nothing is named ${f.name}; close names: ${f.choices.map((c) => c.label).join(", ")}: ask whether they meant one of them`;
  }
}
