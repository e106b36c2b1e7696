import { type ComponentType, createElement, lazy } from 'react';

interface Preloadable<Props> {
  (props: Props): ReturnType<typeof createElement>;
  /** Loads the module; once it has loaded, the component renders without suspending. */
  preload(): Promise<void>;
}

/**
 * React.lazy that can be loaded before it first renders. A lazy component rendered before its
 * module arrives shows the Suspense fallback, and React then holds that fallback for at least
 * 300 ms before showing what arrived (its throttle against flickering content). On a cold page
 * the page's chunk comes with the entry script (the server preloads it), so main.tsx loads it
 * first and the page renders at once: no spinner, and no 300 ms wait behind one.
 */
export function preloadable<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): Preloadable<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        loading = null; // a chunk that failed to arrive is asked for again next time
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<Props> };
  });
  const component = (props: Props) => createElement(loaded ?? Lazy, props);
  return Object.assign(component, { preload });
}
