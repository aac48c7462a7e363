import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Page } from '../../../contract/envelope';
import { FormDialog } from '../form-dialog';
import { AsyncSelect, type AsyncOptionsSource } from './async-select';
import { AsyncSelectField } from './async-select-field';
import { contractResolver } from './contract-resolver';

type Company = { id: number; name: string };
const COMPANIES: Company[] = ['Acme Electronics', 'Beta Boards', 'Betamax Assembly', 'Dalton PCB', 'Zeta Labs'].map((name, i) => ({
  id: i + 1,
  name,
}));

/** A fake `GET /companies?search=`: at most `limit` rows, the total of all matches. */
function fakeServer(limit = 20, fail = false) {
  return vi.fn(async (search: string): Promise<Page<Company>> => {
    if (fail) throw new Error('Cannot reach the server.');
    const all = COMPANIES.filter((c) => c.name.toLowerCase().includes(search.toLowerCase()));
    return { data: all.slice(0, limit), meta: { page: 1, limit, total: all.length } };
  });
}

const source = (fetchOptions: AsyncOptionsSource<Company>['fetchOptions']): AsyncOptionsSource<Company> => ({
  queryKey: ['companies', 'choices'],
  fetchOptions,
  optionValue: (c) => String(c.id),
  optionLabel: (c) => c.name,
});

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function Picker({ fetchOptions, initial = '', selectedLabel, onChange }: {
  fetchOptions: AsyncOptionsSource<Company>['fetchOptions'];
  initial?: string;
  selectedLabel?: string;
  onChange?: (value: string, item: Company) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <AsyncSelect
      {...source(fetchOptions)}
      label="Company"
      value={value}
      selectedLabel={selectedLabel}
      placeholder="Choose a company"
      noMatches="No companies match."
      onValueChange={(v, item) => {
        setValue(v);
        onChange?.(v, item);
      }}
    />
  );
}

const combobox = () => screen.getByRole('combobox', { name: 'Company' }) as HTMLInputElement;

describe('AsyncSelect', () => {
  afterEach(cleanup);

  it('asks the server once typing pauses, with what was typed, and a tap chooses', async () => {
    const server = fakeServer();
    const onChange = vi.fn();
    render(withQueries(<Picker fetchOptions={server} onChange={onChange} />));
    expect(server).not.toHaveBeenCalled(); // nothing is loaded before the list opens

    await userEvent.type(combobox(), 'bet');
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Beta Boards', 'Betamax Assembly']));
    // Opening asked for the first rows; the typing was asked once, not per key.
    expect(server.mock.calls.map(([search]) => search)).toEqual(['', 'bet']);

    await userEvent.click(screen.getByRole('option', { name: 'Betamax Assembly' }));
    expect(onChange).toHaveBeenCalledWith('3', COMPANIES[2]);
    expect(combobox().value).toBe('Betamax Assembly');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });

  it('works from the keyboard: arrows move, Enter chooses, Escape goes back to the choice', async () => {
    const onChange = vi.fn();
    render(withQueries(<Picker fetchOptions={fakeServer()} onChange={onChange} />));
    combobox().focus();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('option', { name: 'Acme Electronics' });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = combobox().getAttribute('aria-activedescendant');
    expect(document.getElementById(active!)?.textContent).toBe('Beta Boards');
    expect(screen.getByRole('option', { name: 'Beta Boards' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2', COMPANIES[1]);
    expect(combobox().value).toBe('Beta Boards');

    // Typing, then Escape: nothing changes.
    await userEvent.keyboard('{ArrowDown}zeta');
    await screen.findByRole('option', { name: 'Zeta Labs' });
    await userEvent.keyboard('{Escape}');
    expect(combobox().value).toBe('Beta Boards');
    expect(onChange).toHaveBeenCalledTimes(1);

    // Enter after typing takes the first match.
    await userEvent.keyboard('{ArrowDown}dalton');
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Dalton PCB']));
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('4', COMPANIES[3]);
  });

  it('says when nothing matches, when more match than shown, and when the server fails', async () => {
    render(withQueries(<Picker fetchOptions={fakeServer(2)} />));
    await userEvent.click(combobox());
    expect(await screen.findByText('2 of 5 shown: type to narrow.')).toBeTruthy();
    await userEvent.type(combobox(), 'qqq');
    expect(await screen.findByText('No companies match.')).toBeTruthy();
    cleanup();

    render(withQueries(<Picker fetchOptions={fakeServer(20, true)} />));
    await userEvent.click(combobox());
    expect(await screen.findByText('Cannot reach the server.')).toBeTruthy();
  });

  it('shows the label of a value chosen elsewhere (the URL, a saved record)', () => {
    render(withQueries(<Picker fetchOptions={fakeServer()} initial="4" selectedLabel="Dalton PCB" />));
    expect(combobox().value).toBe('Dalton PCB');
  });

  it('as a form field: the schema’s message until a company is chosen, then the value', async () => {
    const onSave = vi.fn();
    const schema = z.object({ company_id: z.string().regex(/^\d+$/, 'Choose a company.') });
    function Form() {
      const form = useForm({ defaultValues: { company_id: '' }, resolver: contractResolver(schema) });
      return (
        <form onSubmit={form.handleSubmit(onSave)} noValidate>
          <AsyncSelectField {...source(fakeServer())} control={form.control} name="company_id" label="Company" />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(withQueries(<Form />));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a company.')).toBeTruthy();
    expect(document.activeElement).toBe(combobox());
    expect(combobox().getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(combobox(), 'zeta');
    await userEvent.click(await screen.findByRole('option', { name: 'Zeta Labs' }));
    await waitFor(() => expect(screen.queryByText('Choose a company.')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toEqual({ company_id: '5' });
  });
});

describe('AsyncSelect in a dialog', () => {
  afterEach(cleanup);

  it('Escape closes the open list first, the dialog only with the next Escape', async () => {
    function InDialog() {
      const [open, setOpen] = useState(true);
      return (
        <FormDialog open={open} onOpenChange={setOpen} title="New cartridge">
          <Picker fetchOptions={fakeServer()} />
        </FormDialog>
      );
    }
    render(withQueries(<InDialog />));
    await userEvent.click(combobox());
    await screen.findByRole('option', { name: 'Acme Electronics' });
    await userEvent.keyboard('{Escape}');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('dialog', { name: 'New cartridge' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
