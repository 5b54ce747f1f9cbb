import { Logo } from "@/components/logo";
import { Button } from "@/components/ui/button";
import { AUTH_PATHS, navigateToServerPage } from "@/lib/auth-navigation";

export function LandingFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-8 sm:flex-row sm:px-6">
        <div className="flex flex-col items-center gap-1 sm:items-start">
          <Logo />
          <p className="text-xs text-muted-foreground">Plan projects as dependency graphs.</p>
        </div>
        <nav aria-label="Footer" className="flex items-center gap-1 sm:ml-auto">
          <Button variant="link" size="sm" onClick={() => navigateToServerPage(AUTH_PATHS.login)}>
            Log In
          </Button>
          <Button variant="link" size="sm" onClick={() => navigateToServerPage(AUTH_PATHS.signup)}>
            Sign Up
          </Button>
        </nav>
        <p className="text-xs text-muted-foreground">© {new Date().getFullYear()} Visual Project Planner</p>
      </div>
    </footer>
  );
}
