import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from '../form/server-errors';
import type { UploadFieldState, UploadRequestConfig } from './use-upload-field';

type Options<Values extends FieldValues, Input, Result> = {
  form: UseFormReturn<Values, unknown, Input>;
  upload: UploadFieldState;
  /** What the form goes back to when the dialog closes. */
  empty: () => Values;
  /** Whether a file must be chosen before anything is sent. */
  fileRequired: boolean;
  send: (input: Input, file: File | undefined, config: UploadRequestConfig) => Promise<Result>;
  /** After the upload is stored: refresh what shows it and say so. The dialog then closes. */
  onSent: (result: Result) => Promise<void> | void;
  onClose: () => void;
};

/**
 * A dialog that sends its fields and a file as one multipart request (firmware, a calibration's
 * certificate): the file is checked beside the fields, so one submit shows every missing thing
 * at once; a refusal lands on the file it names (413, 415) or on its field (422), and the form
 * keeps everything typed and chosen; closing resets the form, the file and the call.
 */
export function useUploadDialog<Values extends FieldValues, Input, Result>(options: Options<Values, Input, Result>) {
  const { form, upload, empty, fileRequired, send, onSent, onClose } = options;
  const mutation = useMutation({
    mutationFn: ({ input, file, config }: { input: Input; file: File | undefined; config: UploadRequestConfig }) => send(input, file, config),
    onSuccess: async (result) => {
      upload.finish();
      await onSent(result);
      close();
    },
    onError: (error) => {
      const rest = upload.fail(error);
      if (rest) applyServerErrors(rest, form);
      else form.clearErrors('root');
    },
  });

  const close = () => {
    form.reset(empty());
    upload.reset();
    mutation.reset();
    onClose();
  };

  /** The form's submit; without an event, the same check and send (after a confirmation, say). */
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    const chosen = (fileRequired ? upload.require() : true) && upload.sendable();
    return form.handleSubmit((input) => {
      if (chosen) mutation.mutate({ input, file: upload.files[0], config: upload.start() });
    })(event);
  };

  return { submit, close, busy: mutation.isPending };
}
