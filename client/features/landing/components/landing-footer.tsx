import { Logo, PRODUCT_NAME } from "@/components/logo";
import { AUTH_PATHS, navigateToServerPage } from "@/lib/auth-navigation";
import { SALES_EMAIL } from "./pricing-section";

const linkClass =
  "rounded-sm text-sm text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring";

/** The page's own sections. */
const PRODUCT_LINKS = [
  { href: "#use-cases", label: "Use cases" },
  { href: "#features", label: "Features" },
  { href: "#pricing", label: "Pricing" },
];

/** The server's sign-in pages. */
const ACCOUNT_PAGES = [
  { path: AUTH_PATHS.login, label: "Log In" },
  { path: AUTH_PATHS.signup, label: "Sign Up" },
];

export function LandingFooter() {
  return (
    <footer className="border-t bg-muted/30">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[2fr_3fr]">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted-foreground">
            Plan projects as dependency graphs and always know what can be started next.
          </p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          <div className="space-y-3">
            <h2 className="text-sm font-semibold">Product</h2>
            <ul className="space-y-2">
              {PRODUCT_LINKS.map(({ href, label }) => (
                <li key={href}>
                  <a href={href} className={linkClass}>
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div className="space-y-3">
            <h2 className="text-sm font-semibold">Account</h2>
            <ul className="space-y-2">
              {ACCOUNT_PAGES.map(({ path, label }) => (
                <li key={path}>
                  <button type="button" className={linkClass} onClick={() => navigateToServerPage(path)}>
                    {label}
                  </button>
                </li>
              ))}
            </ul>
          </div>
          <div className="col-span-2 space-y-3 sm:col-span-1">
            <h2 className="text-sm font-semibold">Contact</h2>
            <a href={`mailto:${SALES_EMAIL}`} className={linkClass}>
              {SALES_EMAIL}
            </a>
          </div>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-muted-foreground sm:px-6">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
