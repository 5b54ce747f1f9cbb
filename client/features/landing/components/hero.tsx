import { ArrowRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { GraphPreview } from "@/features/landing/components/graph-preview";
import { AUTH_PATHS, navigateToServerPage } from "@/lib/auth-navigation";

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b">
      {/* The dotted canvas of the graph view, fading out towards the edges. */}
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(var(--color-input)_1px,transparent_1px)] [background-size:16px_16px] [mask-image:radial-gradient(ellipse_at_center,black_30%,transparent_75%)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1fr_1.1fr] lg:gap-12">
        <div className="space-y-6 text-center lg:text-left">
          <p className="inline-flex items-center rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground">
            Graph, list, phases, Gantt and kanban views
          </p>
          <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Plan projects as <span className="text-primary">dependency graphs</span>
          </h1>
          <p className="mx-auto max-w-xl text-base text-pretty text-muted-foreground sm:text-lg lg:mx-0">
            Put tasks on a canvas, connect each one to the work it waits for, and always see what can be
            started next. Share the plan with your team, or publish a read-only link.
          </p>
          <div className="flex flex-col items-center justify-center gap-3 sm:flex-row lg:justify-start">
            <Button size="lg" onClick={() => navigateToServerPage(AUTH_PATHS.signup)}>
              Get Started
              <ArrowRight aria-hidden />
            </Button>
            <Button size="lg" variant="outline" asChild>
              <a href="#features">See the features</a>
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">
            Free for personal projects. Team plans for shared work.
          </p>
        </div>
        <GraphPreview />
      </div>
    </section>
  );
}
