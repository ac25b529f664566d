import { NumberInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { CountInput } from './count-input';

function Party() {
  const [n, setN] = useState(2);
  return <CountInput label="Party" value={n} onChange={setN} min={1} max={3} />;
}

// Issue 32, decision 266: number fields had Mantine's 24 × 23 px steppers, unnamed (aria-hidden)
// yet tappable. Amounts now have none (the number keyboard); small counts have named − and +.
describe('number fields', () => {
  it('a count steps by named − and + and stays within its bounds', async () => {
    renderWithProviders(<Party />);
    const field = await screen.findByRole('textbox', { name: 'Party' });
    const more = screen.getByRole('button', { name: 'One more: Party' });
    const less = screen.getByRole('button', { name: 'One less: Party' });
    await userEvent.click(more);
    expect(field).toHaveValue('3');
    expect(more).toBeDisabled();
    await userEvent.click(less);
    await userEvent.click(less);
    expect(field).toHaveValue('1');
    expect(less).toBeDisabled();
  });

  it('an amount has no steppers: no control hidden from a screen reader takes a tap', async () => {
    const { container } = renderWithProviders(<NumberInput label="Drop Off Amount" prefix="$" decimalScale={2} />);
    await screen.findByRole('textbox', { name: 'Drop Off Amount' });
    expect(container.ownerDocument.querySelectorAll('button[aria-hidden="true"]')).toHaveLength(0);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
