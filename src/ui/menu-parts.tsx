/**
 * Dropdown menu parts, styled once; keyboard paths (arrows, typeahead, Escape) come from radix. Loaded by menu.tsx
 * when a reader reaches for a menu; callers get these parts through Menu's render function, never by import.
 */
import { DropdownMenu as M } from 'radix-ui';
import type { ComponentProps } from 'react';
import { CheckIcon } from './more-icons.tsx';

export const Root = M.Root;
export const Trigger = M.Trigger;
export const RadioGroup = M.RadioGroup;

export function Content({ className, ...rest }: ComponentProps<typeof M.Content>) {
  return (
    <M.Portal>
      <M.Content align="end" sideOffset={8} className={`menu ${className ?? ''}`} {...rest} />
    </M.Portal>
  );
}

export function Item({ className, ...rest }: ComponentProps<typeof M.Item>) {
  return <M.Item className={`menu-item ${className ?? ''}`} {...rest} />;
}

export function RadioItem({ className, children, ...rest }: ComponentProps<typeof M.RadioItem>) {
  return (
    <M.RadioItem className={`menu-item ${className ?? ''}`} {...rest}>
      <span className="menu-check">
        <M.ItemIndicator>
          <CheckIcon size={16} />
        </M.ItemIndicator>
      </span>
      {children}
    </M.RadioItem>
  );
}

export function Separator() {
  return <M.Separator className="menu-sep" />;
}

export function Label(props: ComponentProps<typeof M.Label>) {
  return <M.Label className="menu-label" {...props} />;
}
