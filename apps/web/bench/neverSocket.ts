import type { SocketFactory } from "../src/socket/socketFactory";

/**
 * A socket that never connects: the harness renders a recorded conversation
 * with no server at all, so the connection simply stays "connecting".
 */
export const neverSocket: SocketFactory = () => ({ send: () => undefined, close: () => undefined });
