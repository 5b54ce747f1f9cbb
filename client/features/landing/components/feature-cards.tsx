import { CalendarRange, FolderKanban, Layers, type LucideIcon, Network, Share2, Zap } from "lucide-react";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

type Feature = { icon: LucideIcon; title: string; description: string };

const FEATURES: Feature[] = [
  {
    icon: Network,
    title: "Dependency graph",
    description:
      "Place tasks on a canvas and draw an arrow from each prerequisite to the task that waits for it.",
  },
  {
    icon: Zap,
    title: "Unblocked tasks first",
    description: "My Tasks lists only what you can start now, across all your projects, grouped by project.",
  },
  {
    icon: Layers,
    title: "Execution phases",
    description: "See tasks grouped by when they can start: phase 1 can start immediately, the rest follow.",
  },
  {
    icon: CalendarRange,
    title: "Gantt timeline",
    description:
      "Start and due dates as bars you can drag, zoomed from years down to days, with today marked.",
  },
  {
    icon: FolderKanban,
    title: "Kanban board",
    description: "Move cards between Not Started, In Progress, Blocked and Completed as the work goes on.",
  },
  {
    icon: Share2,
    title: "Share and collaborate",
    description:
      "Invite people as viewers, editors or admins, or publish a read-only link that needs no sign-in.",
  },
];

export function FeatureCards() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-14 bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id="features-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            One plan, every way you need to see it
          </h2>
          <p className="mt-3 text-muted-foreground">
            Draw the dependencies once. Every view follows from them, so nobody starts work that is still
            waiting on something else.
          </p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, description }) => (
            <li key={title}>
              <Card className="h-full transition-shadow hover:shadow-md">
                <CardHeader className="gap-3">
                  <div className="flex size-9 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                    <Icon className="size-5" aria-hidden />
                  </div>
                  <CardTitle className="text-base">{title}</CardTitle>
                  <CardDescription className="leading-relaxed">{description}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
