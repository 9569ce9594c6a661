/**
 * @kubemedic/protocol — the wire contract between the SPA, the gateway and the
 * agent: zod schemas with their inferred types. Nothing here does I/O.
 */
export * from "./version";
export * from "./codes";
export * from "./object-ref";
export * from "./verification";
export * from "./report";
export * from "./plan";
export * from "./plan-fold";
export * from "./tools";
export * from "./turn";
export * from "./approval";
export * from "./events";
export * from "./client-frames";
export * from "./server-frames";
export * from "./rest";
export * from "./analysis";
export * from "./parse";
export * from "./json-scan";
export * from "./command-line";
export * from "./report-markdown";
