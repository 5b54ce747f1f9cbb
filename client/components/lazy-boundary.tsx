import { type ReactNode, Suspense, useEffect, useState } from "react";
import type { AnyLazyComponent } from "@/lib/lazy-named";

type LazyBoundaryProps = {
  /** The lazily loaded component the children render. */
  chunk: AnyLazyComponent;
  /** The shape of what is coming (a skeleton), shown while the chunk downloads. */
  fallback: ReactNode;
  children: ReactNode;
};

/**
 * Shows `fallback` until `chunk` has downloaded, then the children. Unlike a bare Suspense boundary,
 * the children are not rendered before then, so they never suspend: React reveals content that
 * suspended no sooner than 300 ms after its fallback appeared, which would delay every page whose
 * code is already on its way. The Suspense inside only catches what renders lazily further down.
 */
export function LazyBoundary({ chunk, fallback, children }: LazyBoundaryProps) {
  const settled = chunk.isSettled();
  const [, setDownloads] = useState(0);
  useEffect(() => {
    if (settled) return undefined;
    let mounted = true;
    const rerender = () => {
      if (mounted) setDownloads((count) => count + 1);
    };
    chunk.preload().then(rerender, rerender);
    return () => {
      mounted = false;
    };
  }, [chunk, settled]);
  if (!settled) return fallback;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
