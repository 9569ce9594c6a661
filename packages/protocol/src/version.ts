/**
 * The wire protocol version, `major.minor`. A client sends it when it connects
 * (`/ws?v=1.0`) and may repeat it on any frame as `v`. Minor versions only add
 * optional fields and new event types; a different major is refused.
 *
 * 1.1: approval requests list every target and the preview's notes; a replayed
 * run of folded deltas says `throughSeq`; approval.requested, turn.failed and
 * turn.cancelled carry the usage so far; turn.cancelled says `interrupted`
 * when a shutdown stopped the turn.
 */
export const PROTOCOL_VERSION = "1.1";

export const PROTOCOL_MAJOR = 1;

/** Parses `"1.0"`/`"1"` into its major number, or `null` when it is not a version. */
export function protocolMajor(version: string): number | null {
  const match = /^(\d{1,4})(?:\.\d{1,4})?$/.exec(version.trim());
  return match?.[1] === undefined ? null : Number(match[1]);
}

export function isSupportedProtocol(version: string): boolean {
  return protocolMajor(version) === PROTOCOL_MAJOR;
}
