import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiFailure } from '../../api/client';
import { contractResolver } from './contract-resolver';
import { FormError, formErrorOf } from './form-error';
import { applyServerErrors } from './server-errors';
import { TextField } from './text-field';

/** A 422 as axios delivers it, so the test goes through the same path as a real call. */
function unprocessable(errors: Record<string, string[]>): AxiosError {
  const headers = new AxiosHeaders();
  return new AxiosError('Request failed with status code 422', 'ERR_BAD_REQUEST', { headers }, null, {
    status: 422,
    statusText: 'Unprocessable Entity',
    headers: {},
    config: { headers },
    data: { message: 'Some fields need attention.', errors },
  });
}

const schema = z.object({ username: z.string().min(1, 'Username is required.'), email: z.string() });
type Values = z.infer<typeof schema>;

function Harness({ failure }: { failure: unknown }) {
  const form = useForm<Values>({ defaultValues: { username: '', email: '' }, resolver: contractResolver(schema) });
  return (
    <form onSubmit={form.handleSubmit(() => applyServerErrors(failure, form))} noValidate>
      <TextField control={form.control} name="username" label="Username" />
      <TextField control={form.control} name="email" label="Email" />
      <FormError message={formErrorOf(form.formState.errors)} />
      <button type="submit">Create</button>
    </form>
  );
}

describe('applyServerErrors', () => {
  afterEach(cleanup);

  it('puts a 422 beside its field, focuses it, keeps the typing, and adds no form message', async () => {
    render(<Harness failure={unprocessable({ username: ['This username is taken.'] })} />);
    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    const username = screen.getByLabelText('Username') as HTMLInputElement;
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(username.getAttribute('aria-describedby')!)?.textContent).toBe('This username is taken.');
    expect(document.activeElement).toBe(username);
    expect(username.value).toBe('ada');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect(screen.queryByRole('alert')).toBeNull();

    // Editing the field clears the server's word on it.
    await userEvent.type(username, 'x');
    await waitFor(() => expect(username.hasAttribute('aria-invalid')).toBe(false));
  });

  it('shows errors on keys the form does not have in the form-level message', async () => {
    render(<Harness failure={unprocessable({ company_id: ['There is no company with id 9.'], email: ['Email is taken.'] })} />);
    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('There is no company with id 9.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a failure without field errors as the form-level message, with the request id of a 5xx', () => {
    const { result } = renderHook(() => {
      const form = useForm<Values>({ defaultValues: { username: 'ada', email: '' } });
      // Read while rendering, as a form does: RHF re-renders only for the state a render read.
      void form.formState.errors;
      return form;
    });
    const failure: ApiFailure = { status: 500, message: 'Internal error', fieldErrors: {}, requestId: 'req-7' };
    act(() => applyServerErrors(failure, result.current));
    expect(formErrorOf(result.current.formState.errors)).toBe('Internal error (request id req-7)');
    expect(result.current.getValues('username')).toBe('ada');
    expect(Object.keys(result.current.formState.errors)).toEqual(['root']);
  });

  it('lands a nested key such as pins.1.name on that row', () => {
    const { result } = renderHook(() =>
      useForm({ defaultValues: { pins: [{ name: 'GND' }, { name: 'VCC' }] } }),
    );
    act(() => applyServerErrors({ status: 422, message: 'x', fieldErrors: { 'pins.1.name': ['Name is taken.'] } }, result.current));
    expect(result.current.getFieldState('pins.1.name').error?.message).toBe('Name is taken.');
    expect(result.current.getFieldState('pins.0.name').error).toBeUndefined();
    expect(formErrorOf(result.current.formState.errors)).toBeNull();
  });
});
