// How many imports run at once: two per instance, one per user, the others waiting their turn in
// order and refused with 429 or 503 (and Retry-After) when it does not come in time.
import { describe, expect, it } from "vitest";
import { AppError } from "../lib/errors";
import { ImportSlots } from "./import-slots";

const slots = (waitMs = 1_000) => new ImportSlots({ perInstance: 2, waitMs, retryAfterSeconds: 5 });
const refusalOf = async (pending: Promise<unknown>) => {
  try {
    await pending;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("not refused");
};

describe("ImportSlots", () => {
  it("runs two imports of different users at once; a third waits for a place and gets it", async () => {
    const gate = slots();
    const first = await gate.acquire(1);
    await gate.acquire(2);
    let third = false;
    const waiting = gate.acquire(3).then((release) => {
      third = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(third).toBe(false);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    first();
    await waiting;
    expect(third).toBe(true);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
  });

  it("runs one import per user: the user's second waits behind the first, then 429 with Retry-After", async () => {
    const gate = slots(50);
    await gate.acquire(1);
    const refusal = await refusalOf(gate.acquire(1));
    expect(refusal.statusCode).toBe(429);
    expect(refusal.code).toBe("import_in_progress");
    expect(refusal.headers).toEqual({ "retry-after": "5" });
    expect(refusal.message).toBe(
      "You are importing another plan already; try again in 5 seconds, once it is done.",
    );
    // Another user still gets the instance's second place.
    await gate.acquire(2);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
  });

  it("refuses with 503 and Retry-After when other people's imports fill the instance past the wait", async () => {
    const gate = slots(50);
    await gate.acquire(1);
    await gate.acquire(2);
    const refusal = await refusalOf(gate.acquire(3));
    expect(refusal.statusCode).toBe(503);
    expect(refusal.code).toBe("imports_busy");
    expect(refusal.headers).toEqual({ "retry-after": "5" });
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
  });

  it("serves waiters in order of arrival, passing over one whose user is still importing", async () => {
    const gate = slots();
    const releaseOne = await gate.acquire(1);
    const releaseTwo = await gate.acquire(2);
    const order: number[] = [];
    const granted = (userId: number) => (release: () => void) => {
      order.push(userId);
      return release;
    };
    const sameUser = gate.acquire(1).then(granted(1));
    const other = gate.acquire(3).then(granted(3));
    releaseTwo();
    await other;
    // User 1's second import still waits: the first holds its place.
    expect(order).toEqual([3]);
    releaseOne();
    await sameUser;
    expect(order).toEqual([3, 1]);
  });

  it("does nothing when a release is called twice", async () => {
    const gate = slots(50);
    const release = await gate.acquire(1);
    await gate.acquire(2);
    release();
    release();
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    await gate.acquire(3);
    await refusalOf(gate.acquire(4));
  });
});
