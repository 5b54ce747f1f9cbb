import { Logo, PRODUCT_NAME } from "@/components/logo";
import { AUTH_PATHS, navigateToServerPage } from "@/lib/auth-navigation";
import { SALES_EMAIL } from "./pricing-section";

const linkClass =
  "rounded-sm text-sm text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring";

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
              <li>
                <a href="#use-cases" className={linkClass}>
                  Use cases
                </a>
              </li>
              <li>
                <a href="#features" className={linkClass}>
                  Features
                </a>
              </li>
              <li>
                <a href="#pricing" className={linkClass}>
                  Pricing
                </a>
              </li>
            </ul>
          </div>
          <div className="space-y-3">
            <h2 className="text-sm font-semibold">Account</h2>
            <ul className="space-y-2">
              <li>
                <button
                  type="button"
                  className={linkClass}
                  onClick={() => navigateToServerPage(AUTH_PATHS.login)}
                >
                  Log In
                </button>
              </li>
              <li>
                <button
                  type="button"
                  className={linkClass}
                  onClick={() => navigateToServerPage(AUTH_PATHS.signup)}
                >
                  Sign Up
                </button>
              </li>
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
