import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { DEFAULT_FILE_LIMITS, FILE_KIND_WORDS, formatBytes } from '../../../contract/files';
import { MAX_REQUEST_DOCUMENTS, REQUEST_DESCRIPTION_MAX, requestCreateFields, type RequestCreateFields } from '../../../contract/requests';
import { createRequest, requestKeys } from '../../api/requests';
import { navigate } from '../../app/app-actor';
import { useLeaveGuard } from '../../app/use-leave-guard';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { companySearch } from '../../components/company-search';
import { AsyncSelectField } from '../../components/form/async-select-field';
import { contractResolver } from '../../components/form/contract-resolver';
import { FormError, formErrorOf } from '../../components/form/form-error';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { showSuccess } from '../../components/toast';
import { UploadField } from '../../components/upload-field/upload-field';
import { useUploadDialog } from '../../components/upload-field/use-upload-dialog';
import { useUploadField } from '../../components/upload-field/use-upload-field';

type Values = { projectname: string; projectdescription: string; company_id: string };
const empty = (): Values => ({ projectname: '', projectdescription: '', company_id: '' });
// No company chosen is no value (coerced, '' would be company 0, "There is no company with id 0").
const toInput = (v: Values) => ({ ...v, company_id: v.company_id || undefined });

/**
 * A new request: the company it is for, the project's name and description, and its documents,
 * sent as one multipart request (`POST /manage/request`) with each file's progress. A refusal
 * lands on the file (413, 415, `documents.2`) or field (422) it names; everything typed and
 * chosen stays. Once stored, the request opens at its first step.
 */
export function NewRequestForm() {
  const client = useQueryClient();
  const form = useForm<Values, unknown, RequestCreateFields>({ defaultValues: empty(), resolver: contractResolver(requestCreateFields, toInput) });
  const documents = useUploadField({ field: 'documents', multiple: true, maxFiles: MAX_REQUEST_DOCUMENTS, kind: 'document' });
  const leaveGuard = useLeaveGuard(form.formState.isDirty || documents.items.length > 0, 'The new request is not sent yet.');
  // The upload flow of the app's upload dialogs (refusals, progress, cancel), on a page.
  const { submit, busy } = useUploadDialog({
    form,
    upload: documents,
    empty,
    fileRequired: true,
    send: (input, _first, config) => createRequest(input, documents.files, config),
    onSent: async (request) => {
      leaveGuard.release();
      await client.invalidateQueries({ queryKey: requestKeys.lists() });
      showSuccess(`Request “${request.projectname}” sent.`);
      navigate(`/manage/requests/process/${request.id}`);
    },
    onClose: () => {},
  });

  return (
    <form onSubmit={submit} noValidate className="flex max-w-2xl flex-col gap-5">
      <AsyncSelectField
        {...companySearch}
        control={form.control}
        name="company_id"
        label="Company"
        selectedLabel={null}
        placeholder="Choose a company"
        noMatches="No companies match."
        hint="The customer the project is for; the project is made in this company."
        disabled={busy}
      />
      <TextField control={form.control} name="projectname" label="Project name" autoComplete="off" disabled={busy} />
      <TextAreaField
        control={form.control}
        name="projectdescription"
        label="Description"
        hint={`Optional: what the board is and what its fixture should test (up to ${REQUEST_DESCRIPTION_MAX} characters).`}
        disabled={busy}
      />
      <UploadField
        label="Documents"
        upload={documents}
        hint={`Schematics, Gerbers, the test-point list: up to ${MAX_REQUEST_DOCUMENTS} files of ${formatBytes(DEFAULT_FILE_LIMITS.document)} each, as ${FILE_KIND_WORDS.document}.`}
        disabled={busy}
      />
      <FormError message={formErrorOf(form.formState.errors)} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy}>
          Send request
        </Button>
        <ButtonLink href="/manage/requests" variant="secondary">
          Cancel
        </ButtonLink>
      </div>
    </form>
  );
}
