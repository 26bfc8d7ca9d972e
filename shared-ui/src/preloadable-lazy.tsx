import { lazy, type ComponentType } from 'react';

/**
 * A lazy page that renders at once when its chunk is already here (`preload` fetched it). A page the server
 * rendered is hydrated only once its code has arrived (main.tsx preloads the address's page first), so React
 * takes the server's markup over in one pass: with a plain `lazy` the page suspended while hydrating, and an
 * update meanwhile made React draw it anew, losing what was typed into it (issue 23: an email wiped on
 * /password/forgot). Also used so a landing page draws itself in the first render, not a loading bar.
 */
export function preloadableLazy<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
) {
  let Loaded: ComponentType<Props> | undefined;
  const preload = () =>
    load().then((module) => {
      Loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Page(props: Props) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { Page, preload };
}
