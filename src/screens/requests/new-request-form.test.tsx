import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The new-request form against a fake `POST /manage/request`: the refusals land on the field or
 * the file they name, and what was typed and chosen stays for the next try.
 */

const calls = vi.hoisted(() => ({ create: vi.fn(), navigate: vi.fn() }));

vi.mock('../../app/use-leave-guard', () => ({ useLeaveGuard: () => ({ release: () => {} }) }));
vi.mock('../../app/app-actor', () => ({ navigate: calls.navigate }));
vi.mock('../../components/toast', () => ({ showSuccess: () => {} }));
vi.mock('../../api/companies', () => ({
  companyKeys: { choices: () => ['companies', 'choices'] },
  searchCompanies: async () => ({ data: [{ id: 4, name: 'Acme Electronics' }], meta: { page: 1, limit: 20, total: 1 } }),
}));
vi.mock('../../api/requests', () => ({ createRequest: calls.create, requestKeys: { lists: () => ['requests', 'list'] } }));

// Files share a worker's modules (vitest.config.ts): another file's mock of the same module may
// be loaded already, so the screen is imported afresh to meet this file's mocks.
vi.resetModules();
const { NewRequestForm } = await import('./new-request-form');

function refusal(status: number, body: object): AxiosError {
  const response = { status, data: body, headers: new AxiosHeaders(), statusText: '', config: { headers: new AxiosHeaders() } } as AxiosResponse;
  return new AxiosError('refused', 'ERR_BAD_REQUEST', undefined, undefined, response);
}

const file = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

async function fillIn() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NewRequestForm />
    </QueryClientProvider>,
  );
  await userEvent.click(screen.getByRole('combobox', { name: 'Company' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Acme Electronics' }));
  await userEvent.type(screen.getByLabelText('Project name'), 'MC-200 controller');
  await userEvent.type(screen.getByLabelText('Description'), 'ICT fixture');
  await userEvent.upload(screen.getByLabelText('Documents'), [file('schematic.pdf'), file('gerbers.zip'), file('testpoints.csv')]);
}

const send = () => userEvent.click(screen.getByRole('button', { name: 'Send request' }));
const row = (name: string) => screen.getByRole('listitem', { name });

// Typing and choosing files in jsdom takes seconds on the shared 2-core machine.
describe('NewRequestForm', { timeout: 30_000 }, () => {
  beforeEach(() => {
    calls.create.mockReset();
    calls.navigate.mockReset();
  });
  afterEach(cleanup);

  it('sends the fields and every document, then opens the request', async () => {
    calls.create.mockResolvedValue({ id: 7, projectname: 'MC-200 controller' });
    await fillIn();
    await send();
    await waitFor(() => expect(calls.navigate).toHaveBeenCalledWith('/manage/requests/process/7'));
    const [fields, documents] = calls.create.mock.calls[0]!;
    expect(fields).toEqual({ projectname: 'MC-200 controller', projectdescription: 'ICT fixture', company_id: 4 });
    expect((documents as File[]).map((f) => f.name)).toEqual(['schematic.pdf', 'gerbers.zip', 'testpoints.csv']);
  });

  it('checks the fields and that a document is chosen before anything is sent', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <NewRequestForm />
      </QueryClientProvider>,
    );
    await send();
    expect(await screen.findByText('Choose a file.')).toBeTruthy();
    expect(screen.getByLabelText('Project name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Company is required.')).toBeTruthy();
    expect(calls.create).not.toHaveBeenCalled();
  });

  it('a 422 lands on the field and on the document it names; everything stays', async () => {
    calls.create.mockRejectedValue(
      refusal(422, {
        message: 'Some fields are not valid.',
        errors: { projectname: ['Acme Electronics has a request with this name already.'], 'documents.1': ['gerbers.zip is empty.'] },
      }),
    );
    await fillIn();
    await send();
    expect(await screen.findByText('Acme Electronics has a request with this name already.')).toBeTruthy();
    expect(within(row('gerbers.zip')).getByRole('alert').textContent).toBe('gerbers.zip is empty.');
    expect(within(row('schematic.pdf')).queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Project name') as HTMLInputElement).value).toBe('MC-200 controller');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('ICT fixture');
    expect((screen.getByRole('combobox', { name: 'Company' }) as HTMLInputElement).value).toBe('Acme Electronics');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(calls.navigate).not.toHaveBeenCalled();
  });

  it('a 415 on one document and a 413 for the whole upload are shown on the files', async () => {
    calls.create.mockRejectedValueOnce(refusal(415, { message: 'Unsupported type.', errors: { 'documents.2': ['testpoints.csv: this type of file is not accepted.'] } }));
    await fillIn();
    await send();
    expect(await within(row('testpoints.csv')).findByRole('alert')).toBeTruthy();
    expect(within(row('testpoints.csv')).getByRole('alert').textContent).toBe('testpoints.csv: this type of file is not accepted.');

    calls.create.mockRejectedValueOnce(refusal(413, { message: 'The upload is larger than 200 MB.' }));
    await send();
    await waitFor(() => expect(within(row('schematic.pdf')).getByRole('alert').textContent).toBe('The upload is larger than 200 MB.'));
    expect(within(row('gerbers.zip')).getByRole('alert').textContent).toBe('The upload is larger than 200 MB.');
    expect(calls.create).toHaveBeenCalledTimes(2);
  });
});
