import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_VARIABLE_TYPE_LIST } from '../../../../../contract/test-profiles';

/** The variable dialog's value editor follows the type, and sends the value typed. */

const sent = vi.hoisted(() => [] as unknown[]);

vi.mock('../../../../api/test-profiles', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../api/test-profiles')>();
  return {
    ...actual,
    testVariableTypesOptions: () => ({ queryKey: ['types'], queryFn: async () => TEST_VARIABLE_TYPE_LIST }),
    addTestVariable: async (_profileId: number, input: { name: string }) => {
      sent.push(input);
      return { id: 1, test_profile_id: 7, choices: [], created_at: '', updated_at: '', ...input };
    },
    testProfileChanged: async () => undefined,
  };
});

afterEach(() => {
  cleanup();
  sent.length = 0;
});

async function renderDialog() {
  const { VariableDialog } = await import('./variable-dialog');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <VariableDialog profile={{ id: 7, project_id: 1 }} open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
  await screen.findByRole('option', { name: 'Whole number (int)' }, { timeout: 8000 });
}

describe('the variable dialog', { timeout: 30_000 }, () => {
  it('edits a yes-or-no value with a checkbox and an enum with its choices', async () => {
    const user = userEvent.setup();
    await renderDialog();
    await user.selectOptions(screen.getByLabelText('Type'), 'bool');
    expect(screen.getByRole('checkbox')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Type'), 'enum');
    await user.type(screen.getByLabelText('Choices'), 'fast, slow');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('slow');
    await user.type(screen.getByLabelText('Name'), 'mode');
    await user.selectOptions(screen.getByLabelText('Value'), 'slow');
    await user.click(screen.getByRole('button', { name: 'Add variable' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'mode', type: 'enum', value: 'slow', choices: ['fast', 'slow'] }]));
  });

  it('refuses a whole number with decimals beside the value, and sends a number', async () => {
    const user = userEvent.setup();
    await renderDialog();
    await user.type(screen.getByLabelText('Name'), 'retries');
    await user.selectOptions(screen.getByLabelText('Type'), 'int');
    await user.type(screen.getByLabelText('Value'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Add variable' }));
    expect(await screen.findByText('A whole-number variable takes a whole number.', {}, { timeout: 8000 })).toBeTruthy();
    await user.clear(screen.getByLabelText('Value'));
    await user.type(screen.getByLabelText('Value'), '3');
    await user.click(screen.getByRole('button', { name: 'Add variable' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'retries', type: 'int', value: 3, choices: [] }]));
  });
});
