import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { createPortal } from 'react-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ListParams } from '../../../contract/list-query';
import { DataTable } from './data-table';
import type { Column } from './types';

type Row = { id: number; name: string; email: string };
const all: Row[] = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, name: `user${i + 1}`, email: `u${i + 1}@x.io` }));
const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', sortable: true },
  { key: 'email', header: 'Email', sortable: true },
];

/** What axios rejects with for the API's 422 on a page past the end. */
const pastLastPage = (page: number, last: number) =>
  new AxiosError('Request failed with status code 422', '422', undefined, undefined, {
    status: 422,
    data: { message: 'The request is not valid.', errors: { page: [`Page ${page} is past the last page (${last}).`] } },
  } as never);

function setup(path = '/people', props: { noMatchesText?: (search: string) => string } = {}) {
  const fetchPage = vi.fn(async (p: ListParams) => {
    const rows = all.filter((r) => !p.search || r.name.includes(p.search));
    const lastPage = Math.max(1, Math.ceil(rows.length / p.limit));
    if (p.page > lastPage) throw pastLastPage(p.page, lastPage);
    return { data: rows.slice((p.page - 1) * p.limit, p.page * p.limit), meta: { page: p.page, limit: p.limit, total: rows.length } };
  });
  const query = (p: ListParams) => queryOptions({ queryKey: ['people', p], queryFn: () => fetchPage(p) });
  const location = memoryLocation({ path, record: true });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <DataTable label="People" columns={columns} query={query} rowKey={(r) => r.id} rowHref={(r) => `/people/${r.id}`} defaults={{ sortby: 'name' }} {...props} />
      </Router>
    </QueryClientProvider>,
  );
  return { fetchPage, location };
}

describe('DataTable', () => {
  afterEach(cleanup);

  it('shows a page of rows with links, sort state and the range', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'People' });
    await within(table).findByRole('link', { name: 'user1' });
    expect(within(table).getByRole('link', { name: 'user1' }).getAttribute('href')).toBe('/people/1');
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: 'Email' }).getAttribute('aria-sort')).toBe('none');
    expect(screen.getByText('1–25 of 30')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps page and sort in the URL, each change a step Back undoes', async () => {
    const { location, fetchPage } = setup();
    await screen.findByText('1–25 of 30');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('26–30 of 30');
    expect(location.history.at(-1)).toBe('/people?page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/people?sortby=email&sortdesc=false'));
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, sortby: 'email', sortdesc: false }));
    // Pushed: the first page, page 2, then the sort by email.
    expect(location.history).toEqual(['/people', '/people?page=2', '/people?sortby=email&sortdesc=false']);
  });

  it('searches after a pause in typing', async () => {
    const { location, fetchPage } = setup();
    await screen.findByText('1–25 of 30');
    await userEvent.type(screen.getByLabelText('Search'), 'user3');
    await waitFor(() => expect(location.history.at(-1)).toBe('/people?search=user3'));
    await screen.findByText('1–2 of 2');
    expect(fetchPage.mock.calls.filter(([p]) => p.search).map(([p]) => p.search)).toEqual(['user3']);
    // A search replaces the entry: Back leaves the search rather than replaying it.
    expect(location.history).toEqual(['/people?search=user3']);
  });

  it('says when nothing matches', async () => {
    setup('/people?search=zzz');
    expect(await screen.findByText('Nothing matches “zzz”.')).toBeTruthy();
  });

  it('says what an empty search found in the words it is given', async () => {
    setup('/people?search=zz', { noMatchesText: (search) => `No person starts with “${search}”.` });
    expect(await screen.findByText('No person starts with “zz”.')).toBeTruthy();
    expect(screen.queryByText(/Nothing matches/)).toBeNull();
  });

  it('names its search box as told and hands its params to a toolbar function', async () => {
    const location = memoryLocation({ path: '/people?sortby=email&sortdesc=true&search=user1', record: true });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const seen: ListParams[] = [];
    const query = (p: ListParams) =>
      queryOptions({ queryKey: ['people-toolbar', p], queryFn: async () => ({ data: all.slice(0, 1), meta: { page: 1, limit: p.limit, total: 1 } }) });
    render(
      <QueryClientProvider client={client}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <DataTable
            label="People"
            columns={columns}
            query={query}
            rowKey={(r) => r.id}
            searchLabel="Search names"
            searchPlaceholder="Name starts with…"
            toolbar={(params) => {
              seen.push(params);
              return <button type="button">Export</button>;
            }}
          />
        </Router>
      </QueryClientProvider>,
    );
    const box = screen.getByLabelText('Search names') as HTMLInputElement;
    expect(box.placeholder).toBe('Name starts with…');
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    expect(seen.at(-1)).toMatchObject({ sortby: 'email', sortdesc: true, search: 'user1', page: 1 });
  });

  it('opens a row on a click in it, but not on a click in a dialog one of its cells opened', async () => {
    const location = memoryLocation({ path: '/people', record: true });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const query = (p: ListParams) =>
      queryOptions({ queryKey: ['people-portal', p], queryFn: async () => ({ data: all.slice(0, 1), meta: { page: 1, limit: p.limit, total: 1 } }) });
    const withDialog: Column<Row>[] = [
      ...columns,
      { key: 'dialog', header: 'Dialog', cell: (r) => createPortal(<p>Dialog of {r.name}</p>, document.body) },
    ];
    render(
      <QueryClientProvider client={client}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <DataTable label="People" columns={withDialog} query={query} rowKey={(r) => r.id} rowHref={(r) => `/people/${r.id}`} />
        </Router>
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByText('Dialog of user1'));
    expect(location.history.at(-1)).toBe('/people');
    await userEvent.click(screen.getByText('u1@x.io'));
    expect(location.history.at(-1)).toBe('/people/1');
  });

  it('answers a link past the last page with the reason and a way to the first page', async () => {
    const { location } = setup('/people?page=9');
    expect(await screen.findByText('Page 9 is past the last page (2).')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to the first page' }));
    await screen.findByText('1–25 of 30');
    expect(location.history.at(-1)).toBe('/people');
  });
});
