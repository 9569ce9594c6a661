import { describe, expect, it } from "vitest";
import { Semaphore } from "./semaphore";

describe("Semaphore", () => {
  it("admits up to max holders, then queues in order", async () => {
    const s = new Semaphore(2);
    expect([await s.acquire(), await s.acquire()]).toEqual([true, true]);
    const order: string[] = [];
    const third = s.acquire().then((ok) => order.push(`third ${ok}`));
    const fourth = s.acquire().then((ok) => order.push(`fourth ${ok}`));
    expect([s.running, s.queued]).toEqual([2, 2]);
    s.release();
    await third;
    expect(order).toEqual(["third true"]);
    s.release();
    await fourth;
    expect(order).toEqual(["third true", "fourth true"]);
    s.release();
    s.release();
    expect([s.running, s.queued]).toEqual([0, 0]);
  });

  it("drops a waiter whose signal aborts, without taking a slot", async () => {
    const s = new Semaphore(1);
    await s.acquire();
    const controller = new AbortController();
    const waiting = s.acquire(controller.signal);
    controller.abort();
    expect(await waiting).toBe(false);
    expect(s.queued).toBe(0);
    expect(await s.acquire(controller.signal)).toBe(false);
    s.release();
    expect(s.running).toBe(0);
  });
});
