import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

// A long choice wraps onto a second line instead of being cut: a price's name with its window
// ("Sombrilla + 2 sillas (desde las 2 p. m.) — $30.00") is wider than a 390-px phone's modal.
const wrapping = {
  root: { height: 'auto', minHeight: 48, paddingBlock: 6 },
  inner: { height: 'auto' },
  label: { whiteSpace: 'normal', overflow: 'visible', height: 'auto', lineHeight: 1.3 },
} as const;

/** A wizard choice: a real button, pressed when chosen (touch targets come from the theme). */
export function ChoiceButton({
  selected,
  onClick,
  children,
  ...rest
}: { selected?: boolean; onClick: () => void; children: ReactNode } & Omit<ButtonProps, 'children'>) {
  return (
    <Button
      variant={selected ? 'filled' : 'light'}
      aria-pressed={selected === undefined ? undefined : selected}
      onClick={onClick}
      styles={wrapping}
      {...rest}
    >
      {children}
    </Button>
  );
}
