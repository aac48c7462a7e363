import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterDelete } from '../api/after-delete';
import { DeleteAction } from './delete-action';

/** What axios rejects with for the server's 409. */
const refused = (message: string) =>
  new AxiosError('Request failed with status code 409', '409', undefined, undefined, { status: 409, data: { message }, headers: {} } as never);

const REFUSAL = 'Production batch “PB-7” still holds 240 boards; move or correct them first.';

/**
 * A list of batches (served by `listBatches`) beside the delete of "PB-7"; the detail query
 * stands for the deleted thing's own page.
 */
function setup(options: { remove: () => Promise<unknown>; leaveTo?: string; unavailable?: string; compact?: boolean }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const names = ['PB-6', 'PB-7'];
  const listBatches = vi.fn(async () => [...names]);
  client.setQueryData(['batches', 'detail', 7], { id: 7, name: 'PB-7' });
  const remove = vi.fn(async () => {
    await options.remove();
    names.splice(names.indexOf('PB-7'), 1);
  });
  const refresh = vi.fn((c: QueryClient) => afterDelete(c, { gone: [['batches', 'detail', 7]], stale: [['batches', 'list']] }));
  const location = memoryLocation({ path: '/projects/1/productionbatches/7', record: true });

  function List() {
    const list = useQuery({ queryKey: ['batches', 'list'], queryFn: listBatches });
    return <ul aria-label="Batches">{list.data?.map((n) => <li key={n}>{n}</li>)}</ul>;
  }
  render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook}>
        <List />
        <DeleteAction
          kind="production batch"
          name="PB-7"
          consequence="Only a batch that holds no boards can be deleted."
          remove={remove}
          refresh={refresh}
          leaveTo={options.leaveTo}
          unavailable={options.unavailable}
          compact={options.compact}
        />
      </Router>
    </QueryClientProvider>,
  );
  return { client, remove, refresh, listBatches, location };
}

/** The list behind the dialog (which hides it from readers while open). */
const listed = () => within(screen.getByRole('list', { name: 'Batches', hidden: true })).queryAllByRole('listitem', { hidden: true }).map((li) => li.textContent);

describe('DeleteAction', () => {
  afterEach(cleanup);

  it('asks in a dialog that names the thing, and Cancel deletes nothing', async () => {
    const { remove } = setup({ remove: async () => undefined });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete production batch “PB-7”?' });
    expect(dialog.textContent).toContain('Only a batch that holds no boards can be deleted. This cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Delete production batch' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(remove).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal in the dialog, which stays open to retry or cancel', async () => {
    let answer: () => Promise<unknown> = async () => {
      throw refused(REFUSAL);
    };
    const { remove, refresh, location } = setup({ remove: () => answer(), leaveTo: '/projects/1/productionbatches' });
    await waitFor(() => expect(listed()).toEqual(['PB-6', 'PB-7']));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete production batch' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete production batch “PB-7”?' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain(REFUSAL);
    expect(remove).toHaveBeenCalledTimes(1);
    expect(refresh).not.toHaveBeenCalled();
    expect(location.history.at(-1)).toBe('/projects/1/productionbatches/7');
    expect(listed()).toEqual(['PB-6', 'PB-7']);

    // The boards were moved meanwhile: the same dialog's second try goes through.
    answer = async () => undefined;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete production batch' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).toHaveBeenCalledTimes(2);
  });

  it('on success closes, refreshes the lists, forgets the thing and leaves its page', async () => {
    const { client, refresh, listBatches, location } = setup({ remove: async () => undefined, leaveTo: '/projects/1/productionbatches' });
    await waitFor(() => expect(listed()).toEqual(['PB-6', 'PB-7']));
    expect(listBatches).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete production batch' }));

    await waitFor(() => expect(listed()).toEqual(['PB-6']));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(refresh).toHaveBeenCalledWith(client);
    expect(listBatches).toHaveBeenCalledTimes(2);
    expect(client.getQueryData(['batches', 'detail', 7])).toBeUndefined();
    expect(location.history.at(-1)).toBe('/projects/1/productionbatches');
  });

  it('is not offered where it cannot succeed: disabled, saying why and what to do', async () => {
    const reason = 'Holds 1,502 boards: move or correct them first.';
    const { remove } = setup({ remove: async () => undefined, unavailable: reason });
    const button = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(reason);
    expect(screen.getByText(reason)).toBeTruthy(); // beside a page's button, in sight
    await userEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(remove).not.toHaveBeenCalled();
  });

  it('in a table row, describes the disabled Delete with the reason and its tooltip', () => {
    const reason = 'Holds 1 board: move or correct it first.';
    setup({ remove: async () => undefined, unavailable: reason, compact: true });
    const button = screen.getByRole('button', { name: 'Delete production batch “PB-7”' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe(reason);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(reason);
  });

  it('stays where it is without leaveTo (a row of a list)', async () => {
    const { location } = setup({ remove: async () => undefined });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete production batch' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history).toEqual(['/projects/1/productionbatches/7']);
  });
});
