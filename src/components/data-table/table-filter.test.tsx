import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { TableFilter, useTableFilter } from './table-filter';

const STATUSES = ['open', 'closed'] as const;
const OPTIONS = STATUSES.map((s) => ({ value: s, label: s }));

function Probe() {
  const status = useTableFilter('status', STATUSES);
  return (
    <>
      <output>{status ?? 'none'}</output>
      <TableFilter param="status" label="Status" options={OPTIONS} allLabel="All statuses" />
    </>
  );
}

function setup(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Probe />
    </Router>,
  );
  return location;
}

describe('TableFilter', () => {
  afterEach(cleanup);

  it('reads a known value from the URL and ignores anything else', () => {
    setup('/batches?status=closed');
    expect(screen.getByRole('status').textContent).toBe('closed');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('closed');
    cleanup();
    setup('/batches?status=gone');
    expect(screen.getByRole('status').textContent).toBe('none');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('');
  });

  it('writes the choice to the URL and starts again at page 1', async () => {
    const location = setup('/batches?page=4&sortby=name');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'open');
    expect(location.history.at(-1)).toBe('/batches?sortby=name&status=open');
    expect(screen.getByRole('status').textContent).toBe('open');
    await userEvent.selectOptions(screen.getByLabelText('Status'), '');
    expect(location.history.at(-1)).toBe('/batches?sortby=name');
    // Each choice is a step Back undoes.
    expect(location.history).toEqual(['/batches?page=4&sortby=name', '/batches?sortby=name&status=open', '/batches?sortby=name']);
  });
});
