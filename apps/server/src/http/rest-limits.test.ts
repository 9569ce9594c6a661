import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { errorHandler } from "./errors";
import { restLimits } from "./rest-limits";

/** A real Express app on a loopback port: the limiter, then a handler that waits until released. */
describe("restLimits", () => {
  let url = "";
  let close: () => void = () => undefined;
  const gates: (() => void)[] = [];
  beforeAll(async () => {
    const app = express();
    app.use((req, res, next) => {
      res.locals.user = req.headers["x-user"];
      next();
    });
    app.use(restLimits({ perSecond: 1, burst: 4, concurrency: 1, queue: 1 }));
    app.get("/slow", (_req, res) => {
      gates.push(() => res.json({ ok: true }));
    });
    app.get("/fast", (_req, res) => {
      res.json({ ok: true });
    });
    app.use(errorHandler(createLogger("silent")));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const get = (path: string, user = "u") => fetch(`${url}${path}`, { headers: { "x-user": user } });

  it("is the regression for 48 concurrent reads from one user: one runs, one waits, the rest are refused at once", async () => {
    const first = get("/slow");
    const second = get("/slow");
    await expect.poll(() => gates.length).toBe(1);
    const third = await get("/slow");
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("1");
    expect(((await third.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    // Another user has their own slots.
    expect((await get("/fast", "other")).status).toBe(200);
    gates.shift()!();
    expect((await first).status).toBe(200);
    await expect.poll(() => gates.length).toBe(1);
    gates.shift()!();
    expect((await second).status).toBe(200);
  });

  it("limits requests per second per user, with a burst", async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await get("/fast", "rate")).status);
    statuses.push((await get("/fast", "rate")).status, (await get("/fast", "rate")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});
