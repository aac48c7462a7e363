import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectRequest } from '../../../../contract/requests';
import { CreateProjectStep } from './create-project-step';

/** The last step's form: prefilled from the request, and a refusal never loses what was typed. */

const failure = (status: number, body: object) =>
  new AxiosError(`Request failed with status code ${status}`, String(status), undefined, undefined, { status, data: body, headers: {} } as never);

const request = {
  id: 7,
  projectname: 'Board A',
  projectdescription: 'Main board, rev C',
  company: { id: 3, name: 'Acme' },
  progress: { pads: 412, probed_pads: 408, groups: 12, modules: 3, cartridges: 1 },
} as ProjectRequest;

function setup(onCreate: (values: unknown) => Promise<unknown>, props: { error?: unknown; draft?: { name: string; description: string } } = {}) {
  const view = render(<CreateProjectStep request={request} onDataChanged={() => {}} onCreate={onCreate} {...props} />);
  return { user: userEvent.setup({ delay: null }), ...view };
}

describe('CreateProjectStep', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('sums up what the project gets and prefills its name and description from the request', () => {
    setup(async () => {});
    expect(screen.getByText('Acme')).toBeTruthy();
    expect(screen.getByText('412 pads (408 probed pads)')).toBeTruthy();
    expect(screen.getByText('12 groups')).toBeTruthy();
    expect(screen.getByText('3 modules')).toBeTruthy();
    expect(screen.getByText('1 cartridge')).toBeTruthy();
    expect(screen.getByLabelText('Project name')).toHaveProperty('value', 'Board A');
    expect(screen.getByLabelText('Description')).toHaveProperty('value', 'Main board, rev C');
  });

  it('keeps the typed values when the server refuses, with the refusal on its field or the form', async () => {
    const onCreate = vi
      .fn()
      .mockRejectedValueOnce(failure(422, { message: 'Some fields are not valid.', errors: { name: ['Acme has a project with this name.'] } }))
      .mockRejectedValueOnce(failure(409, { message: 'The request is completed already.' }))
      .mockResolvedValueOnce({});
    const { user } = setup(onCreate);
    await user.clear(screen.getByLabelText('Project name'));
    await user.type(screen.getByLabelText('Project name'), 'Board A fixture');
    await user.type(screen.getByLabelText('Description'), ', 2 sides');
    await user.click(screen.getByRole('button', { name: 'Create project' }));

    await screen.findByText('Acme has a project with this name.');
    expect(onCreate).toHaveBeenLastCalledWith({ name: 'Board A fixture', description: 'Main board, rev C, 2 sides' });
    expect(screen.getByLabelText('Project name')).toHaveProperty('value', 'Board A fixture');
    expect(screen.getByLabelText('Description')).toHaveProperty('value', 'Main board, rev C, 2 sides');

    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await screen.findByText('The request is completed already.');
    expect(screen.getByLabelText('Project name')).toHaveProperty('value', 'Board A fixture');

    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(onCreate).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(screen.queryByText('The request is completed already.')).toBeNull());
  });

  it('refuses an empty name without calling', async () => {
    const onCreate = vi.fn();
    const { user } = setup(onCreate);
    await user.clear(screen.getByLabelText('Project name'));
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await screen.findByText('Project name is required.');
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('starts from what was sent last when the machine comes back with a failure', async () => {
    setup(async () => {}, { draft: { name: 'Board A v2', description: '' }, error: failure(409, { message: 'The request is completed already.' }) });
    expect(screen.getByLabelText('Project name')).toHaveProperty('value', 'Board A v2');
    expect(screen.getByLabelText('Description')).toHaveProperty('value', '');
    await screen.findByText('The request is completed already.');
  });

  it('shows a failure the machine reports, keeping the form', async () => {
    const { user, rerender } = setup(async () => {});
    await user.type(screen.getByLabelText('Project name'), ' v2');
    rerender(
      <CreateProjectStep request={request} onDataChanged={() => {}} onCreate={async () => {}} error={failure(409, { message: 'The request is completed already.' })} />,
    );
    await screen.findByText('The request is completed already.');
    expect(screen.getByLabelText('Project name')).toHaveProperty('value', 'Board A v2');
  });
});
