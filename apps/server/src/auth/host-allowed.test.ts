import { describe, expect, it } from "vitest";
import { defaultAllowedHosts, hostAllowed, hostnameOf, LOOPBACK_HOSTS } from "./host-allowed";

describe("hostAllowed (DNS rebinding)", () => {
  it("refuses a rebound name on a loopback server and allows loopback's names and addresses", () => {
    for (const host of [
      "evil.example:8080",
      "attacker.test",
      "localhost.evil.example",
      "xlocalhost",
    ])
      expect([host, hostAllowed(host, LOOPBACK_HOSTS)]).toEqual([host, false]);
    for (const host of [
      "localhost:8080",
      "LOCALHOST",
      "localhost.",
      "app.localhost:5173",
      "127.0.0.1:8080",
      "[::1]:8080",
      "10.0.0.7",
      undefined,
    ])
      expect([host, hostAllowed(host, LOOPBACK_HOSTS)]).toEqual([host, true]);
  });

  it("matches configured names exactly, or a domain and its subdomains with a leading dot", () => {
    const allowed = ["kubemedic.example.com", ".corp.example"];
    expect(hostAllowed("kubemedic.example.com:443", allowed)).toBe(true);
    expect(hostAllowed("other.example.com", allowed)).toBe(false);
    expect(hostAllowed("corp.example", allowed)).toBe(true);
    expect(hostAllowed("a.b.corp.example", allowed)).toBe(true);
    expect(hostAllowed("evilcorp.example", allowed)).toBe(false);
    expect(hostAllowed("anything.test", "any")).toBe(true);
  });

  it("defaults to loopback's names on loopback without a proxy, to any name otherwise", () => {
    expect(defaultAllowedHosts("127.0.0.1", false)).toBe(LOOPBACK_HOSTS);
    expect(defaultAllowedHosts("::1", false)).toBe(LOOPBACK_HOSTS);
    expect(defaultAllowedHosts("localhost", false)).toBe(LOOPBACK_HOSTS);
    expect(defaultAllowedHosts("127.0.0.1", true)).toBe("any");
    expect(defaultAllowedHosts("0.0.0.0", false)).toBe("any");
  });

  it("reads the name out of a Host header", () => {
    expect(hostnameOf("[::1]:8080")).toBe("::1");
    expect(hostnameOf("Example.COM.:80")).toBe("example.com");
    expect(hostnameOf("example.com")).toBe("example.com");
  });
});
