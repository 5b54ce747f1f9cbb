import { Logo } from "@/components/logo";
import { Button } from "@/components/ui/button";
import { AUTH_PATHS, navigateToServerPage } from "@/lib/auth-navigation";

const SECTION_LINKS = [
  { href: "#use-cases", label: "Use cases" },
  { href: "#features", label: "Features" },
  { href: "#pricing", label: "Pricing" },
];

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <a
          href="/"
          className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Visual Project Planner home"
        >
          <Logo compact />
        </a>
        <nav aria-label="Sections" className="ml-6 hidden items-center gap-1 md:flex">
          {SECTION_LINKS.map(({ href, label }) => (
            <Button key={href} variant="ghost" size="sm" className="text-muted-foreground" asChild>
              <a href={href}>{label}</a>
            </Button>
          ))}
        </nav>
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
