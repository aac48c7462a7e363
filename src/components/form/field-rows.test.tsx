import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { contractResolver } from './contract-resolver';
import { FieldRows } from './field-rows';
import { FormError, formErrorOf } from './form-error';
import { applyServerErrors } from './server-errors';
import { TextField } from './text-field';

// A connector's pins, as the catalogue will have them: each row validated, the list at least one long.
const connector = z.object({
  pins: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'Name the pin.'),
        number: z.number({ error: 'Pin number is a whole number.' }).int({ error: 'Pin number is a whole number.' }),
      }),
    )
    .min(1, 'A connector has at least one pin.'),
});
type Pin = { name: string; number: string };
type Values = { pins: Pin[] };
const toInput = (v: Values) => ({
  pins: v.pins.map((p) => ({ name: p.name, number: p.number.trim() === '' ? undefined : Number(p.number) })),
});

type PinsFormApi = UseFormReturn<Values, unknown, z.output<typeof connector>>;
let formRef: PinsFormApi | null = null;
/** Hands the test the form, as a screen's mutation `onError` would use it. */
const expose = (form: PinsFormApi) => {
  formRef = form;
};

function PinsForm({ initial, onSave }: { initial: Pin[]; onSave: (input: z.output<typeof connector>) => void }) {
  const form = useForm<Values, unknown, z.output<typeof connector>>({
    defaultValues: { pins: initial },
    resolver: contractResolver(connector, toInput),
  });
  useEffect(() => expose(form), [form]);
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate>
      <FieldRows control={form.control} name="pins" legend="Pins" noun="pin" newRow={() => ({ name: '', number: '' })} empty="No pins yet.">
        {(i) => (
          <>
            <TextField control={form.control} name={`pins.${i}.name`} label="Name" />
            <TextField control={form.control} name={`pins.${i}.number`} label="Number" inputMode="numeric" />
          </>
        )}
      </FieldRows>
      <FormError message={formErrorOf(form.formState.errors)} />
      <button type="submit">Save</button>
    </form>
  );
}

const row = (n: number) => screen.getByRole('group', { name: `Pin ${n}` });
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).filter(Boolean);

describe('FieldRows', () => {
  afterEach(() => {
    cleanup();
    formRef = null;
  });

  it('adds a row with its first field focused, and removes the row asked for', async () => {
    const onSave = vi.fn();
    render(<PinsForm initial={[{ name: 'GND', number: '1' }]} onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add pin' }));
    await waitFor(() => expect(document.activeElement).toBe(within(row(2)).getByLabelText('Name')));
    await userEvent.keyboard('VCC');
    await userEvent.type(within(row(2)).getByLabelText('Number'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Add pin' }));
    await userEvent.type(within(row(3)).getByLabelText('Name'), 'SDA');
    await userEvent.type(within(row(3)).getByLabelText('Number'), '3');

    // The middle row goes; the focus lands on Add, not on nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Remove pin 2' }));
    expect(screen.queryByRole('group', { name: 'Pin 3' })).toBeNull();
    expect((within(row(2)).getByLabelText('Name') as HTMLInputElement).value).toBe('SDA');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add pin' }));

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toEqual({ pins: [{ name: 'GND', number: 1 }, { name: 'SDA', number: 3 }] });
  });

  it('validates each row’s fields on their own row', async () => {
    const onSave = vi.fn();
    render(
      <PinsForm
        initial={[
          { name: 'GND', number: '1' },
          { name: '', number: 'x' },
        ]}
        onSave={onSave}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const second = row(2);
    await waitFor(() => expect(errorOf(within(second).getByLabelText('Name'))).toEqual(['Name the pin.']));
    expect(errorOf(within(second).getByLabelText('Number'))).toEqual(['Pin number is a whole number.']);
    expect(within(row(1)).getByLabelText('Name').hasAttribute('aria-invalid')).toBe(false);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the list’s own error when every row is removed', async () => {
    render(<PinsForm initial={[{ name: 'GND', number: '1' }]} onSave={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove pin 1' }));
    expect(screen.getByText('No pins yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A connector has at least one pin.')).toBeTruthy();
  });

  it('puts a server error such as pins.3.name on the fourth row, keeping every row typed', async () => {
    const pins = ['GND', 'VCC', 'SDA', 'SCL'].map((name, i) => ({ name, number: String(i + 1) }));
    render(<PinsForm initial={pins} onSave={() => {}} />);
    act(() =>
      applyServerErrors(
        { status: 422, message: 'Some fields need attention.', fieldErrors: { 'pins.3.name': ['SCL is on this connector already.'] } },
        formRef!,
      ),
    );
    const fourth = within(row(4)).getByLabelText('Name');
    await waitFor(() => expect(errorOf(fourth)).toEqual(['SCL is on this connector already.']));
    expect(document.activeElement).toBe(fourth);
    for (const n of [1, 2, 3]) expect(within(row(n)).getByLabelText('Name').hasAttribute('aria-invalid')).toBe(false);
    expect((fourth as HTMLInputElement).value).toBe('SCL');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
