// A token's last use is written at most once a minute per token (token-use.ts).
import { describe, expect, it } from "vitest";
import { LAST_USE_INTERVAL_MS, TokenUseRecorder } from "./token-use";

function recorder(fail = () => false) {
  let now = 1_000_000;
  const writes: [number, number][] = [];
  const uses = new TokenUseRecorder(
    async (tokenId, at) => {
      if (fail()) throw new Error("database away");
      writes.push([tokenId, at.getTime()]);
    },
    () => now,
  );
  return { uses, writes, advance: (ms: number) => (now += ms) };
}

describe("TokenUseRecorder", () => {
  it("writes a token's first use, then nothing more until a minute has passed", async () => {
    const { uses, writes, advance } = recorder();
    await uses.record(7);
    advance(LAST_USE_INTERVAL_MS - 1);
    await uses.record(7);
    expect(writes).toEqual([[7, 1_000_000]]);
    advance(1);
    await uses.record(7);
    expect(writes).toEqual([
      [7, 1_000_000],
      [7, 1_000_000 + LAST_USE_INTERVAL_MS],
    ]);
  });

  it("counts each token on its own", async () => {
    const { uses, writes } = recorder();
    await uses.record(1);
    await uses.record(2);
    await uses.record(1);
    expect(writes.map(([tokenId]) => tokenId)).toEqual([1, 2]);
  });

  it("passes a failed write on and tries again on the next use", async () => {
    let failing = true;
    const { uses, writes } = recorder(() => failing);
    await expect(uses.record(3)).rejects.toThrow("database away");
    failing = false;
    await uses.record(3);
    expect(writes).toHaveLength(1);
  });
});
