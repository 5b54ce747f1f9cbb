// Login, sign-up and logout are server pages, reached by a full browser navigation rather than a
// client-side route change.

export const AUTH_PATHS = {
  login: "/api/login",
  signup: "/api/signup",
  logout: "/api/logout",
} as const;

export type AuthPath = (typeof AUTH_PATHS)[keyof typeof AUTH_PATHS];

export function navigateToServerPage(path: AuthPath): void {
  window.location.href = path;
}
