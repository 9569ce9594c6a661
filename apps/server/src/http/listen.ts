import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ServerError } from "../errors";

/** Binds `server`, turning the usual failures into one clear ServerError. */
export function listen(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off("listening", onListening);
      reject(listenError(error, host, port));
    };
    const onListening = () => {
      server.off("error", onError);
      resolve(server.address() as AddressInfo);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}

function listenError(error: NodeJS.ErrnoException, host: string, port: number): ServerError {
  const where = `${host}:${port}`;
  switch (error.code ?? "") {
    case "EADDRINUSE":
      return new ServerError("port_in_use", `port ${port} on ${host} is already in use`, {
        hint: "stop whatever uses it, or pick another with --port or PORT (0 picks a free one)",
        cause: error,
      });
    case "EACCES":
      return new ServerError("config_invalid", `no permission to listen on ${where}`, {
        hint: "use a port above 1023, or run with the needed privilege",
        cause: error,
      });
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new ServerError("config_invalid", `HOST ${host} is not an address of this machine`, {
        hint: "use 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)",
        cause: error,
      });
    default:
      return new ServerError("config_invalid", `cannot listen on ${where}: ${error.message}`, {
        hint: "check HOST and PORT",
        cause: error,
      });
  }
}

export function formatUrl(address: AddressInfo): string {
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
