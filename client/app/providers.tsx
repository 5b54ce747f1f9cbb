import { QueryClientProvider } from "@tanstack/react-query";
import type * as React from "react";
import { Toaster } from "@/components/ui/toaster";
import { TooltipProvider } from "@/components/ui/tooltip";
import { CompletionConfirmationProvider } from "@/entities/task/components/completion-confirmation";
import { CommandRegistryProvider } from "@/lib/commands/command-registry";
import { queryClient } from "@/lib/query-client";

export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={700} skipDelayDuration={300}>
        <CommandRegistryProvider>
          <CompletionConfirmationProvider>{children}</CompletionConfirmationProvider>
        </CommandRegistryProvider>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
