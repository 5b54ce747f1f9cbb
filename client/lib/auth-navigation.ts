// Login, sign-up and logout are server pages, reached by a full browser navigation rather than a
// client-side route change.
import { apiRoutes } from "@core/api/routes";

// Their patterns have no params: each is the page's URL as it is.
export const AUTH_PATHS = {
  login: apiRoutes.login.path,
  signup: apiRoutes.signup.path,
  logout: apiRoutes.logout.path,
} as const;

export type AuthPath = (typeof AUTH_PATHS)[keyof typeof AUTH_PATHS];

export function navigateToServerPage(path: AuthPath): void {
  window.location.href = path;
}
