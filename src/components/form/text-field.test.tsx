import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckboxGroup } from './checkbox-group';
import { TextField } from './text-field';

describe('form fields', () => {
  afterEach(cleanup);

  it('ties errors and hints to the input', () => {
    render(<TextField label="Email" value="x" onValueChange={() => {}} hint="Work address." errors={['Email is not a valid address.']} />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Work address.', 'Email is not a valid address.']);
  });

  it('is not marked invalid without errors', () => {
    render(<TextField label="Name" value="" onValueChange={() => {}} />);
    const input = screen.getByLabelText('Name');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('names each checkbox by its option and the group by its legend', () => {
    render(
      <CheckboxGroup
        legend="Roles"
        options={[{ value: 1, label: 'Admin' }, { value: 2, label: 'Viewer' }]}
        value={[2]}
        onValueChange={() => {}}
        errors={['Pick at least one role.']}
      />,
    );
    expect(screen.getByRole('group', { name: 'Roles' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Viewer' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Admin' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Pick at least one role.')).toBeTruthy();
  });
});
