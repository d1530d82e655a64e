import { lazy, type ComponentType, type ReactNode } from 'react';

/** What the shell's own chunks take: the layout its page, the pages nothing. */
interface Props {
  children?: ReactNode;
}

export interface Preloadable {
  (props: Props): JSX.Element;
  /** Fetches the chunk; once it is in, the component renders at once, with no suspending. */
  preload(): Promise<unknown>;
  /** Whether the chunk is in. */
  loaded(): boolean;
}

/**
 * A part of the shell that is a chunk of its own (the layout, the home page), so the pages that do not show it never
 * fetch it. A server-rendered page preloads what its route shows before hydrating, and then renders it in the same
 * pass as the rest: React's `lazy` alone would suspend once even for a chunk already fetched, leaving that part of
 * the page to hydrate later. A page that did not preload it (a visitor moving on from an activity page) suspends
 * until it arrives.
 */
export function preloadable(load: () => Promise<ComponentType<Props>>): Preloadable {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Component(props: Props) {
    const Shown = loaded ?? Lazy;
    return <Shown {...props} />;
  }
  return Object.assign(Component, { preload, loaded: () => loaded !== undefined });
}
