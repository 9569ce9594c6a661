import type { AffectedResource, ApprovalDecision, Recommendation } from "@kubemedic/protocol";
import { memo } from "react";
import type { TimelineRow } from "../../stream/timelineRows";
import type { TurnView } from "../../stream/streamTypes";
import { ApprovalCard } from "../cards/ApprovalCard";
import { PlanCard } from "../cards/PlanCard";
import { ReportCard } from "../cards/ReportCard";
import { VerificationCard } from "../cards/VerificationCard";
import { ToolCard, toolOpenByDefault } from "../cards/ToolCard";
import { AssistantMessage } from "./AssistantMessage";
import { EarlierNote } from "./EarlierNote";
import { ClarificationChoices } from "./ClarificationChoices";
import { TurnStatusRow } from "./TurnStatusRow";
import { OutboxEntry, UserMessage } from "./UserMessage";

/** Everything a row may need, stable across renders so memoized rows skip work. */
export interface RowActions {
  conversationId: string;
  toggle: (key: string, defaultOpen: boolean) => void;
  decide: (turnId: string, decisions: ApprovalDecision[]) => void;
  ask: (resource: AffectedResource) => void;
  run: (recommendation: Recommendation) => void;
  askAgain: (turn: TurnView) => void;
  /** Sends a message as the user (a clarification's answer). */
  reply: (text: string) => void;
  retry: (clientMessageId: string) => void;
  discard: (clientMessageId: string) => void;
}

export const TimelineRowView = memo(function TimelineRowView({
  row,
  turnStatus,
  expanded,
  deciding,
  busy = false,
  expandedMap,
  actions,
}: {
  row: TimelineRow;
  /** The status of the row's turn (approval cards need it). */
  turnStatus: TurnView["status"] | null;
  expanded: boolean | undefined;
  deciding: boolean;
  /** A turn of the conversation is going on (a report's "Run" waits for it). */
  busy?: boolean;
  /** For a plan card: the open state of its steps and nested tool cards. */
  expandedMap?: Readonly<Record<string, boolean>> | undefined;
  actions: RowActions;
}) {
  switch (row.kind) {
    case "outbox":
      return (
        <OutboxEntry
          message={row.message}
          onRetry={() => actions.retry(row.message.clientMessageId)}
          onDiscard={() => actions.discard(row.message.clientMessageId)}
        />
      );
    case "turn": {
      const ended =
        row.turn.status === "failed" ||
        row.turn.status === "interrupted" ||
        row.turn.status === "cancelled";
      return (
        <TurnStatusRow
          turn={row.turn}
          onAskAgain={ended ? () => actions.askAgain(row.turn) : null}
        />
      );
    }
    case "summary":
      return <EarlierNote summary={row.summary} />;
    case "item": {
      const { item } = row;
      switch (item.kind) {
        case "user":
          return <UserMessage item={item} />;
        case "assistant":
          return (
            <AssistantMessage
              item={item}
              lead={row.lead === true}
              open={expanded === true}
              onToggle={actions.toggle}
            />
          );
        case "clarification":
          return <ClarificationChoices item={item} disabled={busy} onReply={actions.reply} />;
        case "tool":
          return (
            <ToolCard
              item={item}
              open={expanded ?? toolOpenByDefault(item)}
              onToggle={actions.toggle}
            />
          );
        case "approval":
          return (
            <ApprovalCard
              item={item}
              pending={turnStatus === "awaiting_approval"}
              deciding={deciding}
              onDecide={(decisions) => actions.decide(row.turnId, decisions)}
            />
          );
        case "plan":
          return (
            <PlanCard
              item={item}
              tools={row.tools ?? []}
              expanded={(key) => expandedMap?.[key]}
              onToggle={actions.toggle}
            />
          );
        case "verification":
          return <VerificationCard item={item} />;
        case "report":
          return (
            <ReportCard
              item={item}
              conversationId={actions.conversationId}
              onAsk={actions.ask}
              onRun={actions.run}
              busy={busy}
            />
          );
      }
    }
  }
});
