/** Dropdown menu parts, styled once; keyboard paths (arrows, typeahead, Escape) come from radix. */
import { DropdownMenu as M } from 'radix-ui';
import type { ComponentProps } from 'react';
import { CheckIcon } from './icons.tsx';

export const Menu = M.Root;
export const MenuTrigger = M.Trigger;
export const MenuRadioGroup = M.RadioGroup;

export function MenuContent({ className, ...rest }: ComponentProps<typeof M.Content>) {
  return (
    <M.Portal>
      <M.Content align="end" sideOffset={8} className={`menu ${className ?? ''}`} {...rest} />
    </M.Portal>
  );
}

export function MenuItem({ className, ...rest }: ComponentProps<typeof M.Item>) {
  return <M.Item className={`menu-item ${className ?? ''}`} {...rest} />;
}

export function MenuRadioItem({ className, children, ...rest }: ComponentProps<typeof M.RadioItem>) {
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

export function MenuSeparator() {
  return <M.Separator className="menu-sep" />;
}

export function MenuLabel(props: ComponentProps<typeof M.Label>) {
  return <M.Label className="menu-label" {...props} />;
}
