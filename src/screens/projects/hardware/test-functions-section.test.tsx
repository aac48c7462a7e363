import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../../../../contract/projects';

const asked: unknown[] = [];

vi.mock('../../../api/test-profiles', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../api/test-profiles')>();
  return {
    ...actual,
    projectTestFunctionsOptions: (projectId: number) => (params: unknown) => ({
      queryKey: ['functions', projectId, params],
      queryFn: async () => {
        asked.push(params);
        return {
          data: [
            {
              id: 4,
              name: 'Rail voltage 3V3',
              description: 'The 3.3 V rail.',
              type: { id: 1, slug: 'measurement', name: 'Measurement' },
              parameters: [{ name: 'Voltage', unit: 'V', default_low: 3.2, default_high: 3.4 }],
              created_at: '2026-01-01T00:00:00Z',
              updated_at: '2026-01-01T00:00:00Z',
              step_count: 7,
            },
          ],
          meta: { page: 1, limit: 200, total: 1 },
        };
      },
    }),
  };
});

afterEach(cleanup);

describe('the hardware tab’s test functions', { timeout: 30_000 }, () => {
  it('lists each function with its type, parameters and how many steps call it, most used first', async () => {
    vi.resetModules();
    const { TestFunctionsSection } = await import('./test-functions-section');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TestFunctionsSection project={{ id: 1 } as Project} />
      </QueryClientProvider>,
    );
    const row = (await screen.findByText('Rail voltage 3V3')).closest('tr')!;
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent?.trim());
    expect(cells).toEqual(['Rail voltage 3V3The 3.3 V rail.', 'Measurement', 'Voltage (V)', '7']);
    expect(asked).toContainEqual(expect.objectContaining({ sortby: 'step_count', sortdesc: true }));
  });
});
