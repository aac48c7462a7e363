import { mdiKeyPlus } from '@mdi/js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { COMPANY_ROLE_LABELS } from '../../../contract/labels';
import { COMPANY_ROLE_SLUGS } from '../../../contract/role-slugs';
import { serviceTokenCreateInput, type CreatedServiceToken, type ServiceToken } from '../../../contract/service-tokens';
import { createServiceToken, revokeServiceToken, serviceTokensChanged, serviceTokensOptions } from '../../api/service-tokens';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { RowsTable } from '../../components/data-table/rows-table';
import type { Column } from '../../components/data-table/types';
import { ErrorPresenter } from '../../components/error-presenter';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { contractResolver } from '../../components/form/contract-resolver';
import { formErrorOf } from '../../components/form/form-error';
import { SelectField } from '../../components/form/select-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextField } from '../../components/form/text-field';
import { showSuccess } from '../../components/toast';
import { formatDate, formatDateTime } from '../../lib/format';
import { CopyValue } from '../enclosures/credentials-panel';

const EXPIRIES = { never: 'Never', '30': 'In 30 days', '90': 'In 90 days', '365': 'In a year' } as const;
type Expiry = keyof typeof EXPIRIES;

const formSchema = serviceTokenCreateInput.pick({ name: true, role: true }).extend({ expires: z.enum(['never', '30', '90', '365']) });
type FormValues = { name: string; role: string; expires: Expiry };

const DAY_MS = 86_400_000;

function stateOf(token: ServiceToken): { label: string; tone: 'success' | 'muted' | 'warning' } {
  if (token.revoked_at) return { label: 'Revoked', tone: 'muted' };
  if (token.expires_at && Date.parse(token.expires_at) <= Date.now()) return { label: 'Expired', tone: 'warning' };
  return { label: 'Active', tone: 'success' };
}

/** Names a token and its role; the answer's token text is shown here once, with a copy button. */
function CreateTokenDialog({ companyId, open, onOpenChange }: { companyId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const client = useQueryClient();
  const [created, setCreated] = useState<CreatedServiceToken | null>(null);
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    defaultValues: { name: '', role: 'viewer', expires: 'never' },
    resolver: contractResolver(formSchema),
  });
  const mutation = useMutation({
    mutationFn: ({ expires, ...input }: z.output<typeof formSchema>) =>
      createServiceToken(companyId, { ...input, expires_at: expires === 'never' ? null : new Date(Date.now() + Number(expires) * DAY_MS).toISOString() }),
    onSuccess: async (token) => {
      setCreated(token);
      await serviceTokensChanged(client, companyId);
    },
    onError: (error) => applyServerErrors(error, form),
  });

  if (created) {
    return (
      <FormDialog open={open} onOpenChange={onOpenChange} title={`Token “${created.name}” created`} description="Copy it now: it is shown this once and never again.">
        <div className="flex flex-col gap-4">
          <CopyValue label="Service token" value={created.token} hint="Send it as Authorization: Bearer <token>." />
          <div className="flex justify-end">
            <Button onClick={() => onOpenChange(false)}>Done</Button>
          </div>
        </div>
      </FormDialog>
    );
  }
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New service token"
      description="For a script or an integration: it acts with the role chosen here."
      busy={mutation.isPending}
    >
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="name" label="Name" hint="What uses it, e.g. “MES bridge”." />
        <SelectField control={form.control} name="role" label="Role" options={COMPANY_ROLE_SLUGS.map((slug) => ({ value: slug, label: COMPANY_ROLE_LABELS[slug] }))} />
        <SelectField control={form.control} name="expires" label="Expires" options={Object.entries(EXPIRIES).map(([value, label]) => ({ value, label }))} />
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={mutation.isPending} submitLabel="Create token" onCancel={() => onOpenChange(false)} />
      </form>
    </FormDialog>
  );
}

function RevokeAction({ companyId, token }: { companyId: number; token: ServiceToken }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: () => revokeServiceToken(companyId, token.id),
    onSuccess: async () => {
      await serviceTokensChanged(client, companyId);
      setOpen(false);
      showSuccess(`Token “${token.name}” revoked.`);
    },
  });
  if (token.revoked_at) return null;
  return (
    <>
      <Button variant="ghost" className="-my-1.5 min-h-9 px-2" onClick={() => setOpen(true)} aria-label={`Revoke ${token.name}`}>
        Revoke
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Revoke this token?"
        description={`“${token.name}” stops working at once; what uses it must be given a new one.`}
        confirmLabel="Revoke"
        danger
        busy={mutation.isPending}
        error={mutation.error}
        onConfirm={() => mutation.mutate()}
      />
    </>
  );
}

const columns = (companyId: number): Column<ServiceToken>[] => [
  { key: 'name', header: 'Name', card: 'title' },
  { key: 'state', header: 'State', card: 'badge', cell: (t) => <Badge tone={stateOf(t).tone}>{stateOf(t).label}</Badge> },
  { key: 'role', header: 'Role', cell: (t) => COMPANY_ROLE_LABELS[t.role] },
  { key: 'last_used_at', header: 'Last used', cell: (t) => (t.last_used_at ? formatDateTime(t.last_used_at) : 'Never') },
  { key: 'expires_at', header: 'Expires', cell: (t) => (t.expires_at ? formatDate(t.expires_at) : 'Never') },
  { key: 'created_at', header: 'Created', card: 'meta', cell: (t) => `${formatDate(t.created_at)}${t.created_by ? ` by ${t.created_by}` : ''}` },
  { key: 'actions', header: 'Actions', cell: (t) => <RevokeAction companyId={companyId} token={t} /> },
];

/** A company's service tokens, for its admins: below its users on the Users screen. */
export function ServiceTokensSection({ companyId }: { companyId: number }) {
  const tokens = useQuery(serviceTokensOptions(companyId));
  const [creating, setCreating] = useState(false);
  return (
    <Card title="Service tokens" className="mt-6">
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-secondary">Tokens let scripts and integrations call the API with one role, without a person’s login.</p>
        <Button icon={mdiKeyPlus} onClick={() => setCreating(true)} className="shrink-0">
          New token
        </Button>
      </div>
      {tokens.error ? (
        <ErrorPresenter error={tokens.error} />
      ) : (
        <RowsTable label="Service tokens" columns={columns(companyId)} rows={tokens.data ?? []} rowKey={(t) => t.id} emptyText={tokens.isPending ? 'Loading…' : 'No service tokens yet.'} />
      )}
      {creating ? <CreateTokenDialog companyId={companyId} open={creating} onOpenChange={setCreating} /> : null}
    </Card>
  );
}
