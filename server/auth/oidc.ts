// Optional OpenID Connect sign-in (authorization code flow with PKCE). Configured by
// OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET; the redirect URI is /api/callback.
import { apiRoutes } from "@core/api/routes";
import type { FastifyReply, FastifyRequest } from "fastify";
import * as client from "openid-client";
import type { Config } from "../config";

export const OIDC_FLOW_COOKIE = "oidc_flow";
const FLOW_TTL_SECONDS = 10 * 60;

type Flow = { state: string; nonce: string; verifier: string };

export type OidcClaims = {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  profileImageUrl: string | null;
};

export function requestOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return new URL(publicUrl ?? `${request.protocol}://${request.host}`).origin;
}

export class OidcProvider {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: NonNullable<Config["oidc"]>) {}

  private discover(): Promise<client.Configuration> {
    const issuer = new URL(this.settings.issuerUrl);
    this.configuration ??= client
      .discovery(
        issuer,
        this.settings.clientId,
        this.settings.clientSecret || undefined,
        undefined,
        // A plain-http issuer is only ever a local test provider.
        issuer.protocol === "http:" ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error) => {
        this.configuration = undefined; // try discovery again on the next sign-in
        throw error;
      });
    return this.configuration;
  }

  async redirectToProvider(request: FastifyRequest, reply: FastifyReply, origin: string) {
    const configuration = await this.discover();
    const flow: Flow = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: `${origin}${apiRoutes.oidcCallback.path}`,
      scope: "openid email profile",
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: "S256",
    });
    reply.setCookie(OIDC_FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString("base64url"), {
      path: apiRoutes.oidcCallback.path,
      httpOnly: true,
      sameSite: "lax",
      secure: request.protocol === "https",
      maxAge: FLOW_TTL_SECONDS,
    });
    return reply.redirect(url.href, 302);
  }

  /** Exchanges the code of the callback URL; throws on any mismatch of state, nonce or token. */
  async completeSignIn(request: FastifyRequest, origin: string): Promise<OidcClaims> {
    const raw = request.cookies[OIDC_FLOW_COOKIE];
    if (!raw) throw new Error("missing sign-in flow cookie");
    const flow = JSON.parse(Buffer.from(raw, "base64url").toString()) as Flow;
    const configuration = await this.discover();
    const tokens = await client.authorizationCodeGrant(configuration, new URL(request.url, origin), {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error("no ID token");
    const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
    return {
      subject: claims.sub,
      email: text(claims.email)?.toLowerCase(),
      emailVerified: claims.email_verified === true,
      firstName: text(claims.given_name),
      lastName: text(claims.family_name),
      username: text(claims.preferred_username),
      profileImageUrl: text(claims.picture),
    };
  }
}
