// The private-address guard, and a delivery's connection pinned to the address it checked.
import { describe, expect, it } from "vitest";
import {
  hostOf,
  isInternalAddress,
  PRIVATE_ADDRESS_MESSAGE,
  RefusedTargetError,
  resolvePublicTarget,
} from "./address-guard";
import { sendDelivery, signatureOf } from "./send";
import { startReceiver } from "./webhook-test-helpers";

describe("isInternalAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.0.10",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.254",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "fd12:3456::1",
    "fc00::1",
    "fe80::1",
    "fe80::1%eth0",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.1.2.3",
    "::ffff:169.254.169.254",
    "::10.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "2002:c0a8:0101::1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "203.0.113.7",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
  ])("allows %s", (address) => {
    expect(isInternalAddress(address)).toBe(false);
  });
});

describe("resolvePublicTarget", () => {
  it("answers a public literal address as it is, without asking DNS", async () => {
    await expect(resolvePublicTarget("https://203.0.113.7:8443/hook")).resolves.toEqual({
      address: "203.0.113.7",
      family: 4,
    });
    expect(hostOf("http://[2606:4700::1111]/")).toBe("2606:4700::1111");
  });

  it("refuses a name that resolves to a loopback address, and one that does not resolve", async () => {
    await expect(resolvePublicTarget("http://localhost:9/")).rejects.toThrow(PRIVATE_ADDRESS_MESSAGE);
    await expect(resolvePublicTarget("http://[::1]/")).rejects.toBeInstanceOf(RefusedTargetError);
    await expect(resolvePublicTarget("http://name.invalid/")).rejects.toThrow(
      "url's host name.invalid could not be found.",
    );
  });
});

describe("sendDelivery", () => {
  it("connects to the pinned address whatever the name would resolve to, keeping the name as Host", async () => {
    const receiver = await startReceiver();
    try {
      const port = new URL(receiver.url).port;
      const body = JSON.stringify({ type: "task.created", deliveryId: "d-1", at: new Date().toISOString() });
      const outcome = await sendDelivery(
        {
          url: `http://pinned.invalid:${port}/hook`,
          secret: "k",
          eventType: "task.created",
          deliveryId: "d-1",
          body,
        },
        { timeoutMs: 5000, target: { address: "127.0.0.1", family: 4 } },
      );
      expect(outcome).toMatchObject({ delivered: true, responseCode: 200, error: null, aborted: false });
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0].headers.host).toBe(`pinned.invalid:${port}`);
      expect(receiver.received[0].headers["x-planner-signature"]).toBe(signatureOf("k", body));
    } finally {
      await receiver.close();
    }
  });

  it("fails a receiver that takes longer than the time allowed, and stops at once when aborted", async () => {
    const { createServer } = await import("node:http");
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}/`;
      const delivery = { url, secret: "k", eventType: "task.created", deliveryId: "d-2", body: "{}" };
      const slow = await sendDelivery(delivery, { timeoutMs: 300 });
      expect(slow).toMatchObject({
        delivered: false,
        responseCode: null,
        error: "timed out after 0.3 s",
        aborted: false,
      });
      const controller = new AbortController();
      const pending = sendDelivery(delivery, { timeoutMs: 5000, signal: controller.signal });
      controller.abort();
      expect(await pending).toMatchObject({ delivered: false, aborted: true });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
