// One POST of a delivery: signed, bounded in time, never following a redirect (a 3xx is a
// failure: following one could lead anywhere, a private address included), and connected to the
// address the guard checked when one is given.
import { createHmac } from "node:crypto";
import type { LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { WEBHOOK_HEADERS } from "@core/schemas/webhooks";
import { pinnedLookup } from "./address-guard";

export const USER_AGENT = "Planner-Webhooks/1.0";

/** `sha256=<hex>`: the HMAC-SHA256 of the body's bytes with the webhook's secret. */
export const signatureOf = (secret: string, body: string) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

export type Delivery = {
  url: string;
  secret: string;
  eventType: string;
  deliveryId: string;
  body: string;
};

export type SendOutcome = {
  /** A 2xx answer arrived in time. */
  delivered: boolean;
  responseCode: number | null;
  /** Why it failed, in words; null when delivered. */
  error: string | null;
  durationMs: number;
  /** Stopped by `signal` (the instance shutting down): neither a success nor the receiver's failure. */
  aborted: boolean;
};

const ERROR_WORDS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host not found",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  EPIPE: "connection closed",
};

function inWords(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  return (code && ERROR_WORDS[code]) || message || code || "request failed";
}

/** POSTs the delivery; never throws. */
export function sendDelivery(
  delivery: Delivery,
  { timeoutMs, target, signal }: { timeoutMs: number; target?: LookupAddress; signal?: AbortSignal },
): Promise<SendOutcome> {
  const started = performance.now();
  const url = new URL(delivery.url);
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  const payload = Buffer.from(delivery.body);
  if (signal?.aborted)
    return Promise.resolve({
      delivered: false,
      responseCode: null,
      error: null,
      durationMs: 0,
      aborted: true,
    });
  return new Promise((resolve) => {
    let settled = false;
    let timedOut = false;
    const finish = (outcome: Omit<SendOutcome, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      resolve({ ...outcome, durationMs: Math.round(performance.now() - started) });
    };
    const fail = (error: unknown, responseCode: number | null = null) =>
      finish({
        delivered: false,
        responseCode,
        error: timedOut ? `timed out after ${Number((timeoutMs / 1000).toFixed(1))} s` : inWords(error),
        aborted: signal?.aborted === true,
      });
    const outgoing = request(url, {
      method: "POST",
      // A fresh connection each time: a pinned address must not be bypassed by a pooled socket.
      agent: false,
      ...(target ? { lookup: pinnedLookup(target) } : {}),
      headers: {
        "Content-Type": "application/json",
        "Content-Length": String(payload.length),
        "User-Agent": USER_AGENT,
        [WEBHOOK_HEADERS.event]: delivery.eventType,
        [WEBHOOK_HEADERS.delivery]: delivery.deliveryId,
        [WEBHOOK_HEADERS.signature]: signatureOf(delivery.secret, delivery.body),
      },
    });
    const timer = setTimeout(() => {
      timedOut = true;
      outgoing.destroy(new Error("timed out"));
    }, timeoutMs);
    const onAbort = () => outgoing.destroy(new Error("stopped: the instance is shutting down"));
    signal?.addEventListener("abort", onAbort, { once: true });
    outgoing.on("error", (error) => fail(error));
    // Whatever else ends the exchange early ends it as a failure (settled answers only once).
    outgoing.on("close", () => fail(new Error("connection closed")));
    // The answer counts once its body has arrived (and been thrown away) within the time.
    outgoing.on("response", (response: IncomingMessage) => {
      const code = response.statusCode ?? 0;
      response.on("error", (error) => fail(error, code));
      response.on("close", () => fail(new Error("connection closed"), code));
      response.on("end", () => {
        if (code >= 200 && code < 300)
          finish({ delivered: true, responseCode: code, error: null, aborted: false });
        else finish({ delivered: false, responseCode: code, error: `answered ${code}`, aborted: false });
      });
      response.resume();
    });
    outgoing.end(payload);
  });
}
