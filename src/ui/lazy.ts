/**
 * Helpers for the ui parts whose radix code loads on first use (dialogs, menus, the toaster): the first paint of
 * every page then carries only a light stand-in, and the radix chunk comes when a reader needs it.
 */
import { type ComponentType, lazy, useState } from 'react';

/** A module loader that runs once and remembers its result, so a second mount renders synchronously. */
export function once<T>(load: () => Promise<T>): { load: () => Promise<T>; loaded: () => T | undefined } {
  let promise: Promise<T> | undefined;
  let value: T | undefined;
  return {
    load: () => {
      promise ??= load().then(
        (v) => {
          value = v;
          return v;
        },
        (error: unknown) => {
          // A failed fetch (offline) may succeed later: let the next use try again.
          promise = undefined;
          throw error;
        },
      );
      return promise;
    },
    loaded: () => value,
  };
}

/** React.lazy over a named export. */
export function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

/**
 * True from the first render where `open` is true onwards: a closed dialog that was never opened renders nothing
 * (and loads nothing); once opened it stays mounted so radix can animate it out and restore focus.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
