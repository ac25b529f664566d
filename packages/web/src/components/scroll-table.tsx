import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a phone (issue 26): native scrolling, focusable and named, so a
 * keyboard reaches what the screen cuts off (axe scrollable-region-focusable) and a screen reader
 * announces which table it is in. Every wide table of the app sits in one.
 */
export function ScrollTable({ minWidth, label, children }: { minWidth: number; label: string; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
