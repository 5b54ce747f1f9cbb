import { ArrowRight, Check } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DemoGraph } from "@/features/landing/components/demo-graph";
import { AUTH_PATHS, navigateToServerPage } from "@/lib/auth-navigation";

const PROMISES = ["Free for personal projects", "No credit card needed", "Set up in a minute"];

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b">
      {/* The dotted canvas of the graph view, fading out towards the edges. */}
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(var(--color-input)_1px,transparent_1px)] [background-size:16px_16px] [mask-image:radial-gradient(ellipse_at_top,black_20%,transparent_70%)]"
      />
      <div className="relative mx-auto max-w-6xl px-4 pt-12 pb-14 sm:px-6 sm:pt-20 sm:pb-20">
        <div className="mx-auto max-w-3xl space-y-6 text-center">
          <p className="inline-flex items-center rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground">
            Graph · List · Phases · Gantt · Kanban
          </p>
          <h1
            id="hero-title"
            className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Plan projects as <span className="text-primary">dependency graphs</span>
          </h1>
          <p className="mx-auto max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">
            Put tasks on a canvas, connect each one to the work it waits for, and always see what can be
            started next. Share the plan with your team, or publish a read-only link.
          </p>
          <div className="flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <Button size="lg" onClick={() => navigateToServerPage(AUTH_PATHS.signup)}>
              Get Started
              <ArrowRight aria-hidden />
            </Button>
            <Button size="lg" variant="outline" onClick={() => navigateToServerPage(AUTH_PATHS.signup)}>
              Try It Now
            </Button>
          </div>
          <ul className="flex flex-wrap items-center justify-center gap-x-5 gap-y-1 text-xs text-muted-foreground">
            {PROMISES.map((promise) => (
              <li key={promise} className="inline-flex items-center gap-1.5">
                <Check className="size-3.5 text-success" aria-hidden />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <div className="mx-auto mt-12 max-w-4xl sm:mt-14">
          <DemoGraph />
        </div>
      </div>
    </section>
  );
}
