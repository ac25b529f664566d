import { messages } from '@sandbar/contract/messages';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { formatCheckboxValue, parseCheckboxValue } from './checkbox-value';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { FileDropUpload } from './file-drop-upload';
import { FormErrors } from './form-errors';
import { CheckboxField, PasswordField, SelectField, TextField, ToggleField } from './form-fields';
import { passwordScore } from './password-strength';
import { useFormState } from './use-form-state';

function Demo() {
  const f = useFormState({ name: '', pass: '', admin: '0', locations: '', type: '' });
  return (
    <form>
      <TextField label="Name" name="name" value={f.values.name} onChange={f.bind('name')} />
      <PasswordField label="Password" name="pass" value={f.values.pass} onChange={f.bind('pass')} />
      <ToggleField label="Admin" name="admin" value={f.values.admin} onChange={f.bind('admin')} />
      <CheckboxField
        label="Locations"
        name="locations"
        value={f.values.locations}
        onChange={f.bind('locations')}
        options={[
          { value: '1', label: 'MB' },
          { value: '2', label: 'CD' },
        ]}
      />
      <SelectField
        label="Type"
        name="type"
        value={f.values.type}
        onChange={f.bind('type')}
        options={[{ value: 'U', label: 'Umbrella' }]}
      />
      <button type="button" onClick={() => f.setErrors(['You left the users "Name" blank'])}>
        check
      </button>
      <FormErrors errors={f.errors} />
      <output data-testid="values">{JSON.stringify(f.values)}</output>
    </form>
  );
}

const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '{}');

describe('form widgets', () => {
  it('keeps toggles as "1"/"0", checkboxes as ",a,b," and selects with -- SELECT -- first', async () => {
    renderWithProviders(<Demo />, { user: null });
    await userEvent.click(await screen.findByLabelText('Admin'));
    expect(values().admin).toBe('1');
    await userEvent.click(screen.getByLabelText('CD'));
    await userEvent.click(screen.getByLabelText('MB'));
    expect(values().locations).toBe(',1,2,');
    await userEvent.click(screen.getByLabelText('MB'));
    expect(values().locations).toBe(',2,');
    const select = screen.getByLabelText('Type') as HTMLSelectElement;
    expect(select.options[0]?.textContent).toBe(messages.form.selectPlaceholder);
    await userEvent.selectOptions(select, 'U');
    expect(values().type).toBe('U');
  });

  it('clears form errors when any field changes', async () => {
    renderWithProviders(<Demo />, { user: null });
    await userEvent.click(await screen.findByText('check'));
    expect(screen.getByRole('alert')).toHaveTextContent('You left the users "Name" blank');
    await userEvent.type(screen.getByLabelText('Name'), 'A');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the password strength on the 0–4 scale', async () => {
    renderWithProviders(<Demo />, { user: null });
    await userEvent.type(await screen.findByLabelText('Password'), 'abc');
    expect(screen.getByTestId('pass-strength')).toHaveTextContent('Strength: Weak');
    await userEvent.type(screen.getByLabelText('Password'), 'Defgh1!xyz');
    expect(screen.getByTestId('pass-strength')).toHaveTextContent('Strength: Strong');
  });

  it('scores passwords and formats checkbox strings', () => {
    expect(passwordScore('')).toBe(0);
    expect(passwordScore('abcdef')).toBe(1);
    expect(passwordScore('abcdef12')).toBe(2);
    expect(passwordScore('abcdefgh12')).toBe(3);
    expect(passwordScore('Abcdefgh12!')).toBe(4);
    expect(formatCheckboxValue([])).toBe('');
    expect(parseCheckboxValue(',3,5,')).toEqual(['3', '5']);
  });
});

describe('ConfirmDeleteDialog', () => {
  it('asks with Confirm Delete, Yes and No', async () => {
    const onYes = vi.fn();
    function Host() {
      const [open, setOpen] = useState(true);
      return <ConfirmDeleteDialog opened={open} onYes={onYes} onNo={() => setOpen(false)} />;
    }
    renderWithProviders(<Host />, { user: null });
    expect(await screen.findByText(messages.confirmDelete.title)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: messages.confirmDelete.yes }));
    expect(onYes).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: messages.confirmDelete.no }));
  });
});

describe('FileDropUpload', () => {
  it('uploads dropped files, shows failures in red and refuses a duplicate name', async () => {
    const upload = vi.fn(async (file: File) =>
      file.name === 'bad.csv'
        ? { fileName: file.name, status: 0, statusReason: 'Row 2 has no Room' }
        : { fileName: file.name, status: 1 },
    );
    renderWithProviders(<FileDropUpload upload={upload} existingNames={['old.csv']} />, { user: null });
    const input = (await screen.findByTestId('file-drop')).querySelector('input[type=file]') as HTMLInputElement;
    const files = [
      new File(['Room'], 'good.csv', { type: 'text/csv' }),
      new File(['x'], 'bad.csv', { type: 'text/csv' }),
      new File(['y'], 'old.csv', { type: 'text/csv' }),
    ];
    fireEvent.change(input, { target: { files } });
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(await screen.findByText('Row 2 has no Room')).toBeInTheDocument();
    expect(screen.getAllByText(messages.upload.duplicateName).length).toBeGreaterThan(0);
    expect(upload).toHaveBeenCalledTimes(2);
  });
});

// Spec sections 4 and 8: Save & Close stores the chosen names; a status other than 1 (or a failed
// call) shows 'Update Failed!', a success closes the list.
describe('FileDropUpload Save & Close', () => {
  it("sends the chosen names and shows 'Update Failed!' when the update fails", async () => {
    const upload = vi.fn(async (file: File) => ({ id: 41, fileName: file.name, status: 1 }));
    const saveNames = vi.fn().mockResolvedValueOnce({ status: 0 }).mockResolvedValueOnce({ status: 1 });
    const onClosed = vi.fn();
    renderWithProviders(<FileDropUpload upload={upload} saveNames={saveNames} onClosed={onClosed} />, {
      user: null,
    });
    const input = (await screen.findByTestId('file-drop')).querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['Room'], 'june.csv', { type: 'text/csv' })] } });
    const name = await screen.findByRole('textbox', { name: 'Name of june.csv' });
    await userEvent.clear(name);
    await userEvent.type(name, 'June roster.csv');
    await userEvent.click(screen.getByRole('button', { name: messages.upload.saveAndClose }));
    expect(await screen.findByText(messages.upload.updateFailed)).toBeInTheDocument();
    expect(saveNames).toHaveBeenLastCalledWith([{ id: 41, name: 'June roster.csv' }]);
    expect(onClosed).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: messages.upload.saveAndClose }));
    await vi.waitFor(() => expect(onClosed).toHaveBeenCalledOnce());
    expect(screen.queryByText(messages.upload.updateFailed)).not.toBeInTheDocument();
  });
});
