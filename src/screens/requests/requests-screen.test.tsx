import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ProjectRequest } from '../../../contract/requests';
import type { RequestListParams } from '../../api/requests';

/** The requests list's URL filters become the query it asks the API (`GET /requests`) with. */

const asked = vi.hoisted(() => [] as unknown[]);

vi.mock('../../api/companies', () => ({
  companyKeys: { choices: () => ['companies', 'choices'] },
  companyOptions: (id: number) => ({ queryKey: ['companies', id], queryFn: async () => ({ id, name: 'Acme Electronics' }) }),
  searchCompanies: async () => ({ data: [], meta: { page: 1, limit: 20, total: 0 } }),
}));
vi.mock('../../api/requests', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../api/requests')>();
  return {
    ...actual,
    requestsOptions: (params: RequestListParams) => ({
      queryKey: actual.requestKeys.list(params),
      queryFn: async () => {
        asked.push({ ...params, query: { ...actual.requestFilters(params) } });
        return { data: [REQUEST], meta: { page: 1, limit: 25, total: 1 } };
      },
    }),
  };
});

const REQUEST: ProjectRequest = {
  id: 12,
  company: { id: 3, name: 'Acme Electronics' },
  projectname: 'MC-200 controller',
  projectdescription: '',
  status: 'in_progress',
  step: 'pogoBoard',
  rejected_reason: null,
  project: null,
  progress: {
    confirmed_step: 'testPads',
    documents: 3,
    pads: 120,
    probed_pads: 118,
    ungrouped_pads: 118,
    pogo_errors: 2,
    groups: 0,
    unmapped_groups: 0,
    modules: 0,
    cartridges: 0,
    project_id: null,
  },
  created_by: null,
  reviewer: { id: 1, name: 'ada' },
  review_started_at: '2026-11-20T09:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

// Files share a worker's modules (vitest.config.ts): another file's mock of the same module may
// be loaded already, so the screen is imported afresh to meet this file's mocks.
vi.resetModules();
const { RequestsScreen } = await import('./requests-screen');

function setup(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <RequestsScreen title="Project requests" params={{}} route="manage.requests" />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

const lastAsked = () => asked.at(-1) as RequestListParams & { query: Record<string, unknown> };

describe('RequestsScreen', () => {
  beforeEach(() => {
    asked.length = 0;
  });
  afterEach(cleanup);

  it('asks with the status, age, company and search of the URL', async () => {
    setup('/manage/requests?status=in_review&age=week&company_id=3&search=mc');
    await waitFor(() => expect(asked).not.toHaveLength(0));
    expect(lastAsked()).toMatchObject({ status: 'in_review', age: 'week', company_id: 3, search: 'mc', page: 1 });
    expect(lastAsked().query).toEqual({ status: 'in_review', age: 'week', company_id: 3 });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('in_review');
    expect((screen.getByLabelText('Sent') as HTMLSelectElement).value).toBe('week');
  });

  it('filters nothing on unknown values, and a choice goes to the URL and the query, back at page 1', async () => {
    const location = setup('/manage/requests?status=lost&age=ages&company_id=x&page=2');
    await waitFor(() => expect(asked).not.toHaveLength(0));
    expect(lastAsked().query).toEqual({});

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'rejected');
    await userEvent.selectOptions(screen.getByLabelText('Sent'), 'older');
    await waitFor(() => expect(lastAsked().query).toEqual({ status: 'rejected', age: 'older' }));
    expect(lastAsked().page).toBe(1);
    expect(location.history.at(-1)).toContain('status=rejected');
    expect(location.history.at(-1)).toContain('age=older');
    expect(location.history.at(-1)).not.toContain('page=');
  });

  it('shows each request with its status, reviewer and step, linked to its processing page', async () => {
    setup('/manage/requests');
    const link = await screen.findByRole('link', { name: 'MC-200 controller' });
    expect(link.getAttribute('href')).toBe('/manage/requests/process/12');
    expect(screen.getAllByText('In progress').length).toBeGreaterThan(0);
    // Who is reviewing it, under its status.
    const table = screen.getByRole('table', { name: 'Project requests' });
    expect(within(table).getAllByRole('row')[1].textContent).toContain('In progressReviewer: ada');
    expect(screen.getAllByText('Pogo board').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /New request/ }).getAttribute('href')).toBe('/manage/requests/new');
  });
});
