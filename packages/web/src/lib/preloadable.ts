import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * A page loaded on demand, like React.lazy, that can also be loaded ahead:
 * once preload() has finished, the page renders at once instead of showing
 * its Suspense fallback for a frame. The first view of the list uses it, so
 * its rows are in the first paint (docs/product.md §Loading the list). Which of the two a mounted page
 * uses is decided once, so it is never mounted twice.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  const Lazy = lazy(load);
  function Page(props: P) {
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Chosen, props);
  }
  const preload = async (): Promise<void> => {
    loaded = (await load()).default;
  };
  return Object.assign(Page, { preload });
}
