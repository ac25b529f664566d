import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

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
      {...rest}
    >
      {children}
    </Button>
  );
}
