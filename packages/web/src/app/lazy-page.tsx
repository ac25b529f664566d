import { type ComponentType, type ReactElement, createElement, useEffect, useState } from 'react';
import { FullPageLoader } from './guards';

export interface LazyPage {
  element: ReactElement;
  /** Starts loading the page's code now (idempotent). */
  preload: () => Promise<ComponentType>;
}

/**
 * A page whose code loads on first use, with a spinner meanwhile. Deliberately not React.lazy:
 * React holds a Suspense boundary's reveal back for up to 300 ms after its fallback showed (its
 * fallback throttle), which alone cost the board's first render a third of its 500 ms budget. A
 * plain state update shows the page the moment its code is in. A failed load (e.g. a deploy
 * replaced the chunks) is thrown to the router's error screen, as React.lazy would, rather than
 * leaving a spinner forever.
 */
export function lazyPage<T extends Record<string, unknown>>(loader: () => Promise<T>, name: keyof T): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () =>
    (pending ??= loader().then(
      (m) => (loaded = m[name] as ComponentType),
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    ));
  function Page() {
    const [component, setComponent] = useState(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (component) return;
      let live = true;
      preload().then(
        (c) => live && setComponent(() => c),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [component]);
    if (failed) throw new Error(`The page ${String(name)} could not be loaded.`);
    return component ? createElement(component) : <FullPageLoader />;
  }
  return { element: <Page />, preload };
}
