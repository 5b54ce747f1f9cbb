// API tests' helpers for tokens: make one through the API as a signed-in client, and call the app
// with a token alone (no cookie, no Origin), as a program would.
import type { ApiTokenScope, CreatedApiTokenDto } from "@core/schemas/api-tokens";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { type Client, jsonRequest, type TestApp } from "../test/test-app";

export async function createTokenAs(
  client: Pick<Client, "inject">,
  scope: ApiTokenScope,
  name = `${scope} token`,
): Promise<CreatedApiTokenDto> {
  const response = await client.inject(jsonRequest("POST", "/api/tokens", { name, scope }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Sends a JSON request with `Authorization: Bearer <secret>` and the extra headers given. */
export function callWithToken(
  testApp: Pick<TestApp, "app">,
  secret: string,
  method: InjectOptions["method"],
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const request = jsonRequest(method, url, payload);
  return testApp.app.inject({
    ...request,
    headers: { ...request.headers, authorization: `Bearer ${secret}`, ...headers },
  } as InjectOptions);
}
