import { isIP } from "node:net";

/**
 * The host names a request may be addressed to (its `Host` header, port
 * ignored), or `"any"`. An entry `.example.com` allows example.com and every
 * name under it.
 */
export type AllowedHosts = readonly string[] | "any";

/**
 * The default when the server listens on loopback: loopback's own names.
 * Browsers resolve `*.localhost` to loopback themselves, so no DNS answer can
 * point such a name elsewhere.
 */
export const LOOPBACK_HOSTS: readonly string[] = ["localhost", ".localhost"];

/** Whether a listen address is loopback only (127.0.0.0/8, ::1, localhost). */
function isLoopbackAddress(host: string): boolean {
  const h = host.toLowerCase();
  return h === "localhost" || h === "::1" || h === "[::1]" || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * `KUBEMEDIC_ALLOWED_HOSTS` unset: loopback's names when the server listens on
 * loopback and trusts no proxy (a proxy forwards the public name it is reached
 * by, which the server cannot know); otherwise any name.
 */
export function defaultAllowedHosts(listenHost: string, proxyMode: boolean): AllowedHosts {
  return isLoopbackAddress(listenHost) && !proxyMode ? LOOPBACK_HOSTS : "any";
}

/** `Host` without its port and brackets, lower-cased, without a trailing dot. */
export function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  const name = h.startsWith("[") ? h.slice(1, h.indexOf("]")) : h.replace(/:\d*$/, "");
  return name.replace(/\.$/, "");
}

/**
 * Whether a request's `Host` may be served: the defence against DNS
 * rebinding, where a page on the attacker's name has that name re-resolved to
 * this server and then reads it as "same origin". Such a request carries the
 * attacker's name in `Host`, so it is refused unless the name is allowed. An
 * IP address is always allowed (rebinding needs a name; health probes and
 * LAN clients use addresses), and so is a request without `Host` (not a
 * browser).
 */
export function hostAllowed(host: string | undefined, allowed: AllowedHosts): boolean {
  if (allowed === "any" || host === undefined || host === "") return true;
  const name = hostnameOf(host);
  if (isIP(name) !== 0) return true;
  return allowed.some((entry) =>
    entry.startsWith(".") ? name === entry.slice(1) || name.endsWith(entry) : name === entry,
  );
}
