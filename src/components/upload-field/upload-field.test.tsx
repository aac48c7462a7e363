import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders, CanceledError, type AxiosResponse } from 'axios';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { UploadField } from './upload-field';
import { useUploadField, type UploadRequestConfig } from './use-upload-field';

/** A form with one upload field whose "request" the test drives by hand. */
function Harness({ multiple = false, onSend }: { multiple?: boolean; onSend: (config: UploadRequestConfig, files: File[]) => Promise<void> }) {
  const upload = useUploadField({ field: 'firmware', multiple });
  const [note, setNote] = useState('kept');
  const [formError, setFormError] = useState<string | null>(null);
  const send = () => {
    if (!upload.require()) return;
    onSend(upload.start(), upload.files).then(upload.finish, (error) => {
      const rest = upload.fail(error);
      setFormError(rest ? rest.message : null);
    });
  };
  return (
    <div>
      <input aria-label="Note" value={note} onChange={(e) => setNote(e.target.value)} />
      <UploadField label="Firmware" upload={upload} />
      <button onClick={send}>Send</button>
      {formError ? <p>Form: {formError}</p> : null}
    </div>
  );
}

const file = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: 'application/octet-stream' });

function refusal(status: number, body: object): AxiosError {
  const response = { status, data: body, headers: new AxiosHeaders(), statusText: '', config: { headers: new AxiosHeaders() } } as AxiosResponse;
  return new AxiosError('refused', 'ERR_BAD_REQUEST', undefined, undefined, response);
}

/** A send the test resolves or rejects, with access to the config the field gave it. */
function controlledSend() {
  const calls: { config: UploadRequestConfig; resolve: () => void; reject: (e: unknown) => void }[] = [];
  const onSend = (config: UploadRequestConfig) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ config, resolve, reject });
      config.signal.addEventListener('abort', () => reject(new CanceledError()));
    });
  return { calls, onSend };
}

describe('UploadField', () => {
  afterEach(cleanup);

  it('says on the field when no file is chosen', async () => {
    const { onSend, calls } = controlledSend();
    render(<Harness onSend={onSend} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Choose a file.')).toBeTruthy();
    expect(screen.getByLabelText('Firmware').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('shows a progress bar per file that follows the upload, then done', async () => {
    const { onSend, calls } = controlledSend();
    render(<Harness onSend={onSend} />);
    await userEvent.upload(screen.getByLabelText('Firmware'), file('fw.bin', 1000));
    const bar = screen.getByRole('progressbar', { name: 'fw.bin' });
    expect(bar.getAttribute('aria-valuetext')).toBe('1000 bytes, ready to upload');

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    act(() => calls[0].config.onUploadProgress({ loaded: 550, total: 1100, bytes: 550, lengthComputable: true }));
    expect(bar.getAttribute('aria-valuenow')).toBe('500');
    expect(bar.getAttribute('aria-valuetext')).toBe('500 bytes of 1000 bytes');
    // While it is sent, the file can be cancelled but not swapped.
    expect(screen.getByRole('button', { name: 'Cancel the upload of fw.bin' })).toBeTruthy();
    expect((screen.getByLabelText('Firmware') as HTMLInputElement).disabled).toBe(true);

    await act(async () => calls[0].resolve());
    expect(bar.getAttribute('aria-valuenow')).toBe('1000');
    expect(bar.getAttribute('aria-valuetext')).toBe('1000 bytes, uploaded');
  });

  it('shows the server’s refusal on the file, keeps the form, and lets the person try again', async () => {
    const { onSend, calls } = controlledSend();
    render(<Harness onSend={onSend} />);
    await userEvent.type(screen.getByLabelText('Note'), ' too');
    await userEvent.upload(screen.getByLabelText('Firmware'), file('huge.bin', 2000));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const message = 'The file is larger than 1 GB.';
    await act(async () => calls[0].reject(refusal(413, { message, errors: { firmware: [message] } })));

    const row = screen.getByRole('listitem', { name: 'huge.bin' });
    expect(within(row).getByRole('alert').textContent).toBe(message);
    expect(within(row).getByRole('progressbar').getAttribute('aria-valuetext')).toBe('2.0 KB, not uploaded');
    expect(screen.queryByText(/^Form:/)).toBeNull(); // said once, on the file
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('kept too');

    // Another file replaces the refused one, and its refusal with it.
    await userEvent.upload(screen.getByLabelText('Firmware'), file('small.bin', 10));
    expect(screen.queryByRole('listitem', { name: 'huge.bin' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts a 415 without field errors on the file too, and other refusals on the form', async () => {
    const { onSend, calls } = controlledSend();
    render(<Harness onSend={onSend} />);
    await userEvent.upload(screen.getByLabelText('Firmware'), file('page.html', 10));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await act(async () => calls[0].reject(refusal(415, { message: 'Files of type text/html are not accepted here.' })));
    expect(within(screen.getByRole('listitem', { name: 'page.html' })).getByRole('alert').textContent).toBe(
      'Files of type text/html are not accepted here.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await act(async () => calls[1].reject(refusal(422, { message: 'Some fields are not valid.', errors: { description: ['Description is required.'] } })));
    expect(screen.getByText('Form: Some fields are not valid.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('cancels an upload on request, keeping the file to send again', async () => {
    const { onSend, calls } = controlledSend();
    render(<Harness onSend={onSend} />);
    await userEvent.upload(screen.getByLabelText('Firmware'), file('fw.bin', 1000));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the upload of fw.bin' }));
    expect(calls[0].config.signal.aborted).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'fw.bin' }).getAttribute('aria-valuetext')).toBe('1000 bytes, upload cancelled');
    expect(screen.queryByText(/^Form:/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(calls).toHaveLength(2);
  });

  it('takes several files when multiple, each with its own bar and removable before sending', async () => {
    const { onSend, calls } = controlledSend();
    render(<Harness multiple onSend={onSend} />);
    await userEvent.upload(screen.getByLabelText('Firmware'), [file('a.pdf', 100), file('b.pdf', 300), file('c.pdf', 50)]);
    expect(screen.getAllByRole('progressbar')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Remove c.pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    act(() => calls[0].config.onUploadProgress({ loaded: 200, total: 400, bytes: 200, lengthComputable: true }));
    expect(screen.getByRole('progressbar', { name: 'a.pdf' }).getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByRole('progressbar', { name: 'b.pdf' }).getAttribute('aria-valuenow')).toBe('100');
  });
});
