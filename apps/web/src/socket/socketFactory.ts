/**
 * The few things the connection manager needs from a WebSocket, so that the
 * browser's `WebSocket` and the `ws` package (in tests) plug in the same way.
 */
export interface SocketHandlers {
  onOpen: () => void;
  onMessage: (data: string) => void;
  onClose: (code: number, reason: string) => void;
}

export interface SocketHandle {
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
}

export type SocketFactory = (url: string, handlers: SocketHandlers) => SocketHandle;

/** The browser's WebSocket. Errors are not handled apart: a close event always follows one. */
export const browserSocket: SocketFactory = (url, handlers) => {
  const socket = new WebSocket(url);
  socket.onopen = () => handlers.onOpen();
  socket.onmessage = (event: MessageEvent) => {
    if (typeof event.data === "string") handlers.onMessage(event.data);
  };
  socket.onclose = (event: CloseEvent) => handlers.onClose(event.code, event.reason);
  return {
    send: (data) => socket.send(data),
    close: (code, reason) => socket.close(code, reason),
  };
};

/** `ws://host/ws?v=1.1` on the page's own origin (the dev server proxies it). */
export function sameOriginSocketUrl(version: string): string {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/ws?v=${encodeURIComponent(version)}`;
}
