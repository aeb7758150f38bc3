import { lazy, type ComponentType } from 'react';

type Module = { default: ComponentType };

/**
 * `React.lazy` whose module can be asked for before its first render (`preload`, from the boot).
 * When it is in by then, the first render takes it at once (a thenable that answers synchronously:
 * React reads it without suspending), so the page shows in the same render as the layout instead
 * of a fallback first and a second render after. `track` wraps a load the render has to wait for.
 */
export function preloadableLazy(
  load: () => Promise<Module>,
  track: (p: Promise<Module>) => Promise<Module> = (p) => p,
) {
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  const start = () =>
    (loading ??= load().then(
      (m) => (loaded = m),
      (e: unknown) => {
        loading = undefined;
        throw e;
      },
    ));
  const Component = lazy(() =>
    loaded
      ? ({ then: (resolve: (m: Module) => void) => resolve(loaded!) } as Promise<Module>)
      : track(start()),
  );
  return Object.assign(Component, { preload: () => void start().catch(() => undefined) });
}
