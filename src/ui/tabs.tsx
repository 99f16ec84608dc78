/**
 * Tabs, styled once over radix (arrow keys move between tabs, the active one is selected). Only lazy screens import
 * this file, so radix's tabs never reach a first load.
 */
import { Tabs as T } from 'radix-ui';
import type { ReactNode } from 'react';

interface TabsProps {
  /** Names the tab list for screen readers. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  items: { value: string; label: ReactNode }[];
  /** The active tab's panel. */
  children: ReactNode;
}

export function Tabs({ label, value, onValueChange, items, children }: TabsProps) {
  return (
    <T.Root className="tabs" value={value} onValueChange={onValueChange} activationMode="automatic">
      <T.List className="tabs-list" aria-label={label}>
        {items.map((item) => (
          <T.Trigger key={item.value} value={item.value} className="tabs-trigger">
            {item.label}
          </T.Trigger>
        ))}
      </T.List>
      {items.map((item) => (
        <T.Content key={item.value} value={item.value} className="tabs-panel">
          {item.value === value ? children : null}
        </T.Content>
      ))}
    </T.Root>
  );
}
