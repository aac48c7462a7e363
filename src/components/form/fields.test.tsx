import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CheckboxGroup } from './checkbox-group';
import { contractResolver } from './contract-resolver';
import { SelectField } from './select-field';
import { TextField } from './text-field';

const schema = z.object({
  email: z.string().trim().pipe(z.email('Email is not a valid address.')),
  count: z.number({ error: 'Count is a whole number.' }).int({ error: 'Count is a whole number.' }),
  kind: z.enum(['a', 'b'], { error: 'Choose a kind.' }),
  role_ids: z.array(z.number()).min(1, 'Pick at least one role.'),
});
type Values = { email: string; count: string; kind: string; role_ids: number[] };

/** Text in the inputs, numbers in the body: what `toInput` is for. */
const toInput = (v: Values) => ({ ...v, count: v.count.trim() === '' ? undefined : Number(v.count) });

function Harness({ onSave }: { onSave: (input: z.output<typeof schema>) => void }) {
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    defaultValues: { email: '', count: '', kind: '', role_ids: [] },
    resolver: contractResolver(schema, toInput),
  });
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate>
      <TextField control={form.control} name="email" label="Email" hint="Work address." />
      <TextField control={form.control} name="count" label="Count" inputMode="numeric" />
      <SelectField
        control={form.control}
        name="kind"
        label="Kind"
        placeholder="Choose"
        options={[
          { value: 'a', label: 'Kind A' },
          { value: 'b', label: 'Kind B' },
        ]}
      />
      <CheckboxGroup
        control={form.control}
        name="role_ids"
        legend="Roles"
        options={[
          { value: 1, label: 'Admin' },
          { value: 2, label: 'Viewer' },
        ]}
      />
      <button type="submit">Save</button>
    </form>
  );
}

const described = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent);

describe('form fields bound to react-hook-form', () => {
  afterEach(cleanup);

  it('start clean: not invalid, described only by their hint', () => {
    render(<Harness onSave={() => {}} />);
    const email = screen.getByLabelText('Email');
    expect(email.hasAttribute('aria-invalid')).toBe(false);
    expect(described(email)).toEqual(['Work address.']);
    expect(screen.getByLabelText('Count').hasAttribute('aria-describedby')).toBe(false);
  });

  it('show the contract schema’s messages on their fields, focus the first, and submit nothing', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.type(screen.getByLabelText('Count'), '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(described(email)).toEqual(['Work address.', 'Email is not a valid address.']);
    expect(described(screen.getByLabelText('Count'))).toEqual(['Count is a whole number.']);
    expect(described(screen.getByLabelText('Kind'))).toEqual(['Choose a kind.']);
    expect(screen.getByText('Pick at least one role.')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Admin' }).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(onSave).not.toHaveBeenCalled();
    // What was typed stays.
    expect((email as HTMLInputElement).value).toBe('nope');
  });

  it('hand the schema’s output to submit: trimmed text, numbers from text, the ticked ids', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Email'), '  a@example.com ');
    await userEvent.type(screen.getByLabelText('Count'), '250');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Kind B');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Viewer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toEqual({ email: 'a@example.com', count: 250, kind: 'b', role_ids: [2] });
  });

  it('clear a field’s message once its new value passes', async () => {
    render(<Harness onSave={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Pick at least one role.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Admin' }));
    await waitFor(() => expect(screen.queryByText('Pick at least one role.')).toBeNull());
    // The others still need attention.
    expect(screen.getByLabelText('Kind').getAttribute('aria-invalid')).toBe('true');
  });
});
