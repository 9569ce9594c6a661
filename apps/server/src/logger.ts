import { pino, stdTimeFunctions, type DestinationStream, type Logger } from "pino";
import type { LogLevel } from "./config";

export type { Logger } from "pino";

/**
 * JSON logs, one object per line, on stdout (or `destination`). Header and
 * field names that may carry credentials are censored wherever they appear, so
 * a careless `log.info({ req })` cannot leak a token into the logs.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: "kubemedic" },
    // Readable without a log shipper: "level":"info" and an ISO time.
    formatters: { level: (label: string) => ({ level: label }) },
    timestamp: stdTimeFunctions.isoTime,
    redact: {
      paths: [
        "*.authorization",
        "*.cookie",
        "*.password",
        "*.token",
        "*.headers.authorization",
        "*.headers.cookie",
        "*.databaseUrl",
      ],
      censor: "[redacted]",
    },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
