// A redis-server of the test's own on a free port of 127.0.0.1 (so it can stop and restart it),
// for the tests of several instances sharing one bus.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { freePort } from "./ports";

const installed = spawnSync("redis-server", ["--version"]).status === 0;
// CI sets REQUIRE_REDIS=1: there a Redis suite that cannot run fails instead of passing by being
// skipped (as REQUIRE_BROWSER does for the browser tests).
if (!installed && process.env.REQUIRE_REDIS === "1")
  throw new Error("REQUIRE_REDIS=1 but redis-server is not installed: the Redis suites cannot run.");
export const redisAvailable = installed;

export type TestRedis = { url: string; port: number; child: ChildProcess; stop: () => Promise<void> };

/** Starts redis-server (on `port`, else a free one) and answers once it answers PING. */
export async function startRedis(port?: number): Promise<TestRedis> {
  const chosen = port ?? (await freePort());
  const child = spawn(
    "redis-server",
    ["--port", String(chosen), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    });
  for (let waited = 0; waited < 5000; waited += 100) {
    const ping = spawnSync("redis-cli", ["-p", String(chosen), "ping"], { encoding: "utf8" });
    if (ping.stdout?.trim() === "PONG")
      return { url: `redis://127.0.0.1:${chosen}`, port: chosen, child, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error("redis-server did not start");
}

/** Waits until `count` connections are subscribed to `channel` (a message sent before is lost). */
export async function waitForSubscribers(redis: TestRedis, channel: string, count: number): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const answer = spawnSync("redis-cli", ["-p", String(redis.port), "pubsub", "numsub", channel], {
      encoding: "utf8",
    });
    if (Number(answer.stdout?.trim().split("\n")[1]) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${count} subscribers to ${channel}`);
}
