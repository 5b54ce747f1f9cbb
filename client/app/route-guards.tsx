import type * as React from "react";
import { Redirect } from "wouter";
import { AppShellSkeleton } from "@/app/layout/app-shell-skeleton";
import { useAuth } from "@/lib/use-auth";

/**
 * Shows its children to a signed-in user and sends anyone else to the landing page. While the
 * user is still being fetched it shows the app's skeleton, so a signed-in user never sees a redirect.
 */
export function RequireAuth({ children }: { children: React.ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <AppShellSkeleton />;
  if (!isAuthenticated) return <Redirect to="/" replace />;
  return children;
}

/** For the landing page: a signed-in user goes straight to My Tasks. */
export function RedirectSignedIn({ children }: { children: React.ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth();
  // A blank page for the few milliseconds the check takes, rather than a landing page that flashes away.
  if (isLoading) return <div className="h-full" aria-busy="true" />;
  if (isAuthenticated) return <Redirect to="/my-tasks" replace />;
  return children;
}
