/**
 * Dropdown menu whose radix code (menu, popper, floating-ui: about 15 KB gzip) loads when a reader reaches for it,
 * not with the page. Until then the trigger is a plain button with the same look and aria; hovering or focusing it
 * fetches the parts, and pressing it (pointer, Enter, Space, ArrowDown) opens the menu as soon as they are in. A key
 * press is replayed on the radix trigger, so keyboard users land on the first item exactly as radix would put them.
 */
import {
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { once } from './lazy.ts';
import type * as Parts from './menu-parts.tsx';

type MenuParts = typeof Parts;

const parts = once(() => import('./menu-parts.tsx'));
/** Fetches the menu parts ahead of use (nothing happens if they are already loaded). */
const preloadMenu = (): void => void parts.load().catch(() => {});

type TriggerProps = Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'children' | 'type' | 'onClick' | 'onKeyDown' | 'onPointerDown' | 'onPointerEnter' | 'onFocus'
>;

interface MenuProps {
  /** The trigger's attributes (class, aria-label…), the same on the stand-in and on the radix trigger. */
  triggerProps: TriggerProps;
  /** What the trigger shows. */
  trigger: ReactNode;
  /** The content (`<M.Content>` with items), given the loaded parts. */
  children: (parts: MenuParts) => ReactNode;
  onOpenChange?: (open: boolean) => void;
}

/** What the reader did on the stand-in: replayed on the real trigger once it is there. */
type Action = 'pointer' | 'Enter' | ' ' | 'ArrowDown';
const OPEN_KEYS: readonly string[] = ['Enter', ' ', 'ArrowDown'];

export function Menu({ triggerProps, trigger, children, onOpenChange }: MenuProps) {
  const [loaded, setLoaded] = useState<MenuParts | undefined>(parts.loaded);
  const [open, setOpen] = useState(false);
  const standInRef = useRef<HTMLButtonElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const pending = useRef<{ action: Action | null; focus: boolean }>({ action: null, focus: false });
  const openChangeRef = useRef(onOpenChange);
  openChangeRef.current = onOpenChange;

  const change = useCallback((next: boolean) => {
    setOpen(next);
    openChangeRef.current?.(next);
  }, []);

  const load = (action: Action | null) => {
    if (action) pending.current.action = action;
    parts
      .load()
      .then((m) => {
        pending.current.focus ||= document.activeElement === standInRef.current;
        setLoaded(() => m);
      })
      .catch(() => {
        // Offline before the parts were cached: the stand-in stays; the next press tries again.
      });
  };

  useEffect(() => {
    if (!loaded) return;
    const { action, focus } = pending.current;
    pending.current = { action: null, focus: false };
    const real = triggerRef.current;
    if (!real || (!action && !focus)) return;
    real.focus();
    if (action === 'pointer') change(true);
    else if (action) real.dispatchEvent(new globalThis.KeyboardEvent('keydown', { key: action, bubbles: true }));
  }, [loaded, change]);

  if (!loaded) {
    return (
      <button
        ref={standInRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={false}
        data-state="closed"
        {...triggerProps}
        onPointerEnter={preloadMenu}
        onFocus={() => load(null)}
        onPointerDown={(event: PointerEvent) => {
          if (event.button !== 0 || event.ctrlKey) return;
          // As radix does: keep focus off the trigger, the open menu takes it.
          event.preventDefault();
          load('pointer');
        }}
        onClick={() => load(pending.current.action ?? 'pointer')}
        onKeyDown={(event: KeyboardEvent) => {
          if (!OPEN_KEYS.includes(event.key)) return;
          event.preventDefault();
          load(event.key as Action);
        }}
      >
        {trigger}
      </button>
    );
  }

  const { Root, Trigger } = loaded;
  return (
    <Root open={open} onOpenChange={change}>
      <Trigger ref={triggerRef} {...triggerProps}>
        {trigger}
      </Trigger>
      {children(loaded)}
    </Root>
  );
}
