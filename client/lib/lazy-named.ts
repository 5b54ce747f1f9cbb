import { type ComponentType, type LazyExoticComponent, lazy } from "react";

const RELOADED_KEY = "planner.reloadedForChunk";

/** Whether this tab already reloaded for a missing chunk; storage that is blocked counts as yes. */
function markReloaded(reloaded: boolean): boolean {
  try {
    const before = sessionStorage.getItem(RELOADED_KEY) !== null;
    if (reloaded) sessionStorage.setItem(RELOADED_KEY, "1");
    else sessionStorage.removeItem(RELOADED_KEY);
    return before;
  } catch {
    return true;
  }
}

/** A lazily loaded component that can also be asked to start downloading before it renders. */
// biome-ignore lint/suspicious/noExplicitAny: any component, whatever its props.
export type LazyComponent<C extends ComponentType<any>> = LazyExoticComponent<C> & {
  preload: () => Promise<unknown>;
  /** Whether its download has ended (loaded or failed), so rendering it will not suspend. */
  isSettled: () => boolean;
};

/** Any lazily loaded component, whatever its props (for code that only preloads or awaits it). */
// biome-ignore lint/suspicious/noExplicitAny: see above.
export type AnyLazyComponent = LazyComponent<ComponentType<any>>;

/**
 * `React.lazy` for a named export: `lazyNamed(() => import("./graph-view"), "GraphView")` puts the
 * module (and what only it imports) in a chunk of its own, downloaded when first rendered or when
 * `preload()` is called.
 *
 * A chunk that fails to load is usually one a newer deploy replaced while this tab was open: the page
 * is reloaded once to pick up the new build; a second failure is thrown to React as usual.
 */
// biome-ignore lint/suspicious/noExplicitAny: a component's props are whatever the export declares.
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyComponent<M[K]> {
  let loading: Promise<{ default: M[K] }> | undefined;
  let loaded: { default: M[K] } | undefined;
  let failed = false;
  const loadOnce = () => {
    loading ??= loadComponent(load, name).then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        failed = true;
        throw error;
      },
    );
    return loading;
  };
  // A chunk preloaded before its first render is handed over synchronously (React reads a thenable
  // that calls back at once as already resolved), so nothing suspends: a suspended boundary reveals
  // its content only after React's fallback throttle (300 ms), which would cost every first visit.
  const resolveNowOrLoad = () => {
    const module = loaded;
    if (module === undefined) return loadOnce();
    // biome-ignore lint/suspicious/noThenProperty: a thenable that resolves synchronously is the point.
    return { then: (resolve: (value: { default: M[K] }) => void) => resolve(module) };
  };
  // The cast: React accepts any thenable here, though its types ask for a Promise.
  return Object.assign(lazy(resolveNowOrLoad as () => Promise<{ default: M[K] }>), {
    preload: loadOnce,
    isSettled: () => loaded !== undefined || failed,
  });
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
async function loadComponent<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): Promise<{ default: M[K] }> {
  try {
    const module = await load();
    markReloaded(false);
    return { default: module[name] };
  } catch (error) {
    if (!markReloaded(true)) {
      window.location.reload();
      // Keeps the fallback on screen until the reload replaces the page.
      return new Promise<never>(() => undefined);
    }
    throw error;
  }
}
