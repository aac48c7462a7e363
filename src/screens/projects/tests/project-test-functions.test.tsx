import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../api/test-profiles', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../api/test-profiles')>();
  return {
    ...actual,
    testFunctionChoicesOptions: (projectId: number) => ({
      queryKey: ['functions', projectId],
      queryFn: async () => ({
        data: [
          {
            id: 4,
            name: 'Rail voltage 3V3',
            description: 'The 3.3 V rail.',
            type: { id: 1, slug: 'measurement', name: 'Measurement' },
            parameters: [{ name: 'Voltage', unit: 'V', default_low: 3.2, default_high: 3.4 }],
            step_count: 3,
          },
        ],
        meta: { page: 1, limit: 200, total: 1 },
      }),
    }),
  };
});

afterEach(cleanup);

describe('the project’s test functions', { timeout: 30_000 }, () => {
  it('lists each function with its parameters and how many steps call it', async () => {
    const { ProjectTestFunctions } = await import('./project-test-functions');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ProjectTestFunctions project={{ id: 1 }} />
      </QueryClientProvider>,
    );
    const row = (await screen.findByText('Rail voltage 3V3')).closest('tr')!;
    expect(row.textContent).toContain('Measurement');
    expect(row.textContent).toContain('Voltage (V)');
    expect(row.textContent).toContain('3');
  });
});
