/** One row of a side panel's list of links (the account and user-info panels): its icon, its words, a chevron. */
import type { ComponentType, ReactNode } from 'react';
import type { IconProps } from '#ui/icons.tsx';
import { ChevronRightIcon } from '#ui/more-icons.tsx';

export function PanelRow({ icon: Icon, children }: { icon: ComponentType<IconProps>; children: ReactNode }) {
  return (
    <>
      <Icon size={18} />
      {children}
      <ChevronRightIcon size={16} className="panel-chevron" />
    </>
  );
}
