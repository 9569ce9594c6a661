import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

/**
 * docker-compose.yml and the Dockerfile, read as files: there is no Docker
 * engine on the machines these tests run on, so `docker compose up` itself is
 * untested here. What is checked is the shape the multi-replica setup needs.
 */
const ROOT = new URL("../../../", import.meta.url).pathname;
const read = (path: string) => readFileSync(`${ROOT}${path}`, "utf8");

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  deploy?: { replicas?: number | string };
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(read("docker-compose.yml")) as { services: Record<string, Service> };
const services = compose.services;

describe("docker-compose.yml", () => {
  it("runs PostgreSQL, a token step, the app (2 replicas by default) and a proxy", () => {
    expect(Object.keys(services).sort()).toEqual(["app", "db", "proxy", "token"]);
    expect(services.db?.image).toMatch(/^postgres:16/);
    expect(String(services.app?.deploy?.replicas)).toBe("${KUBEMEDIC_REPLICAS:-2}");
  });

  it("puts every replica on the one database in scale-out mode, behind the proxy only", () => {
    const app = services.app ?? {};
    expect(app.environment?.DATABASE_URL).toMatch(
      /^postgresql:\/\/kubemedic:.+@db:5432\/kubemedic$/,
    );
    expect(app.environment?.KUBEMEDIC_SCALE_OUT).toBe("true");
    // Replicas publish no port (two could not share one); the proxy does, on loopback.
    expect(app.ports).toBeUndefined();
    expect(services.proxy?.ports).toEqual(["127.0.0.1:${KUBEMEDIC_PORT:-8080}:8080"]);
    expect(app.depends_on).toEqual({
      db: { condition: "service_healthy" },
      token: { condition: "service_completed_successfully" },
    });
    // One token for all replicas: written once to the volume they share.
    expect(services.token?.volumes).toEqual(["appdata:/data"]);
    expect(app.volumes).toContain("appdata:/data");
    expect(services.token?.command?.join(" ")).toContain("/data/auth-token");
  });

  it("proxies round robin over every replica, without sticky sessions", () => {
    const mount = services.proxy?.volumes?.[0] ?? "";
    expect(mount).toBe("./deploy/compose/Caddyfile:/etc/caddy/Caddyfile:ro");
    const caddyfile = read("deploy/compose/Caddyfile").replace(/#.*$/gm, "");
    expect(caddyfile).toMatch(/dynamic a \{\s+name app\s+port 8080/);
    expect(caddyfile).toMatch(/lb_policy round_robin/);
    expect(caddyfile).not.toMatch(/cookie|ip_hash|client_ip|sticky/i);
    expect(caddyfile).toMatch(/health_uri \/readyz/);
  });
});

describe("Dockerfile", () => {
  it("builds an image that runs as the unprivileged node user", () => {
    const lines = read("Dockerfile")
      .split("\n")
      .filter((l) => /^USER\s/.test(l));
    expect(lines.at(-1)).toBe("USER node");
  });
});
