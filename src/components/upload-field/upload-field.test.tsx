import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders, CanceledError, type AxiosResponse } from 'axios';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileKind } from '../../../contract/files';
import { uploadForm } from '../../api/upload-form';
import { UploadField } from './upload-field';
import { useUploadField, type UploadRequestConfig } from './use-upload-field';

type Send = (config: UploadRequestConfig, form: FormData) => Promise<void>;

/** A form with one upload field whose "request" the test drives by hand. */
function Harness({ field = 'firmware', multiple = false, maxFiles, kind, onSend }: { field?: string; multiple?: boolean; maxFiles?: number; kind?: FileKind; onSend: Send }) {
  const upload = useUploadField({ field, multiple, maxFiles, kind });
  const [note, setNote] = useState('kept');
  const [formError, setFormError] = useState<string | null>(null);
  const send = () => {
    if (!upload.require() || !upload.sendable()) return;
    onSend(upload.start(), uploadForm({ note }, { [field]: multiple ? upload.files : upload.files[0] })).then(upload.finish, (error) => {
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
  const calls: { config: UploadRequestConfig; form: FormData; resolve: () => void; reject: (e: unknown) => void }[] = [];
  const onSend: Send = (config, form) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ config, form, resolve, reject });
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

  it('refuses a document of a type or size its kind does not take on the file, and sends nothing until it is removed', async () => {
    const { onSend, calls } = controlledSend();
    render(<Harness field="documents" multiple kind="document" onSend={onSend} />);
    const huge = new File([new Uint8Array(1)], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: 300 * 1024 * 1024 }); // over 200 MB, without the bytes
    const program = new File([new Uint8Array(4)], 'setup.exe', { type: 'application/octet-stream' });
    await userEvent.upload(screen.getByLabelText('Firmware'), [file('board.gbr', 10), program, huge]);

    const refusedProgram = screen.getByRole('listitem', { name: 'setup.exe' });
    expect(within(refusedProgram).getByRole('alert').textContent).toBe('This type of file is not accepted here.');
    const refusedScan = screen.getByRole('listitem', { name: 'scan.pdf' });
    expect(within(refusedScan).getByRole('alert').textContent).toBe('The file is larger than 200 MB.');
    expect(within(screen.getByRole('listitem', { name: 'board.gbr' })).queryByRole('alert')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(calls).toHaveLength(0);
    expect(screen.getByText('Remove the 2 files that cannot be sent.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove setup.exe' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove scan.pdf' }));
    expect(screen.queryByText(/cannot be sent/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(calls).toHaveLength(1);
    expect((calls[0].form.getAll('documents[0]')[0] as File).name).toBe('board.gbr');
    expect(calls[0].form.has('documents[1]')).toBe(false);
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

  /** The files of a sent form, as `[part name, file name]`. */
  const filesOf = (form: FormData) => [...form.entries()].flatMap(([name, value]) => (value instanceof File ? [[name, value.name]] : []));
  const statusOf = (name: string) => screen.getByRole('progressbar', { name }).getAttribute('aria-valuetext');

  it('puts a refusal that names one of several files on that file, and sends the rest once it is removed', async () => {
    const { onSend, calls } = controlledSend();
    render(<Harness field="documents" multiple onSend={onSend} />);
    await userEvent.type(screen.getByLabelText('Note'), ' too');
    await userEvent.upload(screen.getByLabelText('Firmware'), [file('a.pdf', 100), file('b.pdf', 3000), file('c.pdf', 50)]);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(filesOf(calls[0].form)).toEqual([['documents[0]', 'a.pdf'], ['documents[1]', 'b.pdf'], ['documents[2]', 'c.pdf']]);
    expect(calls[0].form.get('note')).toBe('kept too');

    const message = 'The file is larger than 200 MB.';
    await act(async () => calls[0].reject(refusal(413, { message: '“b.pdf” is larger than 200 MB.', errors: { 'documents[1]': [message] } })));
    expect(within(screen.getByRole('listitem', { name: 'b.pdf' })).getByRole('alert').textContent).toBe(message);
    expect(screen.getAllByRole('alert')).toHaveLength(1); // on b.pdf alone
    expect(statusOf('b.pdf')).toBe('2.9 KB, not uploaded');
    expect(statusOf('a.pdf')).toBe('100 bytes, ready to upload');
    expect(statusOf('c.pdf')).toBe('50 bytes, ready to upload');
    expect(screen.queryByText(/^Form:/)).toBeNull();
    expect((screen.getByLabelText('Note') as HTMLInputElement).value).toBe('kept too');

    // Without it, the others go again, renumbered; a 415 on the second lands on c.pdf.
    await userEvent.click(screen.getByRole('button', { name: 'Remove b.pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(filesOf(calls[1].form)).toEqual([['documents[0]', 'a.pdf'], ['documents[1]', 'c.pdf']]);
    const wrongType = '“c.pdf” is of type text/html, which is not accepted here; send application/pdf.';
    await act(async () => calls[1].reject(refusal(415, { message: wrongType, errors: { 'documents[1]': ['This type of file is not accepted here.'] } })));
    expect(within(screen.getByRole('listitem', { name: 'c.pdf' })).getByRole('alert').textContent).toBe('This type of file is not accepted here.');
    expect(within(screen.getByRole('listitem', { name: 'a.pdf' })).queryByRole('alert')).toBeNull();
  });

  it('says a refusal of the whole set once, on the field, and takes no more files than allowed', async () => {
    const { onSend, calls } = controlledSend();
    render(<Harness field="documents" multiple maxFiles={2} onSend={onSend} />);
    await userEvent.upload(screen.getByLabelText('Firmware'), [file('a.pdf', 10), file('b.pdf', 10), file('c.pdf', 10)]);
    expect(screen.getAllByRole('listitem').map((row) => row.getAttribute('aria-label'))).toEqual(['a.pdf', 'b.pdf']);
    expect(screen.getByText('Choose at most 2 files.')).toBeTruthy();
    expect(screen.getByLabelText('Firmware').getAttribute('aria-invalid')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const tooMany = 'Send at most 2 files at once.';
    await act(async () => calls[0].reject(refusal(413, { message: tooMany, errors: { documents: [tooMany] } })));
    expect(screen.getAllByText(tooMany)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull(); // not repeated on each file
    expect(statusOf('a.pdf')).toBe('10 bytes, ready to upload');
    expect(screen.queryByText(/^Form:/)).toBeNull();

    // A dropped connection concerns every file of the request.
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await act(async () => calls[1].reject(new AxiosError('Network Error', 'ERR_NETWORK')));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });

  it('takes several dropped files, adding to those chosen before', async () => {
    const { onSend } = controlledSend();
    render(<Harness field="documents" multiple onSend={onSend} />);
    const zone = screen.getByText('Drop files here, or').parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [file('a.pdf', 10), file('b.pdf', 20)] } });
    fireEvent.drop(zone, { dataTransfer: { files: [file('c.pdf', 30)] } });
    expect(screen.getAllByRole('progressbar')).toHaveLength(3);
    expect(screen.getAllByRole('listitem').map((row) => row.getAttribute('aria-label'))).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
  });
});
