import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Repair } from '../../../../contract/repairs';

/** The repair form sends what was typed, keeps it on a refusal, and asks before a scrap. */

const calls = vi.hoisted(() => ({ sent: [] as { input: unknown; file: File | undefined }[], refuse: null as unknown }));

const repair: Repair = {
  id: 9,
  device_id: 3,
  serial: 'SN-0042',
  project_id: 1,
  production_batch_id: 1,
  status: 'waiting',
  reason: 'Fails VCC',
  failing_steps: [],
  report_id: null,
  enclosure_id: null,
  enclosure_name: null,
  sent_by: null,
  sent_at: '2026-12-07T10:00:00Z',
  failure_code: null,
  action: null,
  parts: [],
  notes: null,
  file: null,
  repaired_by: null,
  repaired_at: null,
};

vi.mock('../../../api/failure-codes', () => ({
  failureCodesOptions: () => ({
    queryKey: ['codes'],
    queryFn: async () => [{ id: 4, code: 'SOLDER-BRIDGE', description: 'Solder bridge', archived: false, repair_count: 0 }],
  }),
}));

vi.mock('../../../api/repairs', () => ({
  completeRepair: async (_id: number, input: unknown, file: File | undefined) => {
    if (calls.refuse) throw calls.refuse;
    calls.sent.push({ input, file });
    return { ...repair, status: (input as { outcome: string }).outcome };
  },
  repairsChanged: async () => undefined,
}));

afterEach(() => {
  cleanup();
  calls.sent.length = 0;
  calls.refuse = null;
});

async function renderForm() {
  const { RepairForm } = await import('./repair-form');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RepairForm repair={repair} companyId={2} />
    </QueryClientProvider>,
  );
  await screen.findByRole('option', { name: 'SOLDER-BRIDGE · Solder bridge' }, { timeout: 8000 });
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText('Failure code'), '4');
  await user.type(screen.getByLabelText('Action taken'), 'Removed the bridge');
  await user.type(screen.getByLabelText('Parts replaced'), 'r12, u3');
}

describe('the repair form', { timeout: 30_000 }, () => {
  it('says what is missing beside each field and sends nothing', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getByRole('button', { name: 'Record as repaired' }));
    expect(await screen.findByText('Choose a failure code.')).toBeTruthy();
    expect(screen.getByText('Say what was done.')).toBeTruthy();
    expect(calls.sent).toEqual([]);
  });

  it('sends the repair with its photo, the parts as designators', async () => {
    const user = userEvent.setup();
    await renderForm();
    await fill(user);
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'fix.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Photo or file'), photo);
    await user.click(screen.getByRole('button', { name: 'Record as repaired' }));
    await waitFor(() => expect(calls.sent).toHaveLength(1));
    expect(calls.sent[0]).toEqual({
      input: { outcome: 'repaired', failure_code_id: 4, action: 'Removed the bridge', parts: ['R12', 'U3'] },
      file: photo,
    });
  });

  it('keeps what was typed on a refusal and shows it on the field', async () => {
    const user = userEvent.setup();
    await renderForm();
    await fill(user);
    calls.refuse = { isAxiosError: true, response: { status: 422, headers: {}, data: { message: 'Invalid', errors: { 'parts.1': ['No such part on this board.'] } } } };
    await user.click(screen.getByRole('button', { name: 'Record as repaired' }));
    expect(await screen.findByText('No such part on this board.')).toBeTruthy();
    expect((screen.getByLabelText('Action taken') as HTMLTextAreaElement).value).toBe('Removed the bridge');
    expect((screen.getByLabelText('Parts replaced') as HTMLInputElement).value).toBe('r12, u3');
  });

  it('asks before scrapping the board, and sends the scrap once confirmed', async () => {
    const user = userEvent.setup();
    await renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Scrap the board' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Scrap board SN-0042?');
    expect(calls.sent).toEqual([]);
    await user.click(screen.getAllByRole('button', { name: 'Scrap the board' }).at(-1)!);
    await waitFor(() => expect(calls.sent).toHaveLength(1));
    expect((calls.sent[0]!.input as { outcome: string }).outcome).toBe('scrapped');
  });
});
