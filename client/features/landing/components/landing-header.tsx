import { Logo } from "@/components/logo";
import { Button } from "@/components/ui/button";
import { AUTH_PATHS, navigateToServerPage } from "@/lib/auth-navigation";

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Logo compact />
        <nav aria-label="Account" className="ml-auto flex items-center gap-1 sm:gap-2">
          <Button variant="ghost" size="sm" onClick={() => navigateToServerPage(AUTH_PATHS.login)}>
            Log In
          </Button>
          <Button size="sm" onClick={() => navigateToServerPage(AUTH_PATHS.signup)}>
            Sign Up
          </Button>
        </nav>
      </div>
    </header>
  );
}
