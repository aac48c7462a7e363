import { mdiBellPlusOutline, mdiPencilOutline } from '@mdi/js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import type { AlertRule } from '../../../../contract/alerts';
import { can } from '../../../../contract/permissions';
import type { Project } from '../../../../contract/projects';
import { alertRuleDeleted, alertRulesChanged, alertRulesOptions, deleteAlertRule, projectAlertsOptions, updateAlertRule } from '../../../api/alerts';
import { useSession } from '../../../app/app-actor';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { RowsTable } from '../../../components/data-table/rows-table';
import type { Column } from '../../../components/data-table/types';
import { DeleteAction } from '../../../components/delete-action';
import { ErrorPresenter } from '../../../components/error-presenter';
import { RoleNote } from '../../../components/role-note';
import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/format';
import { AlertRuleDialog } from './alert-rule-dialog';

function RuleActions({ rule, onEdit }: { rule: AlertRule; onEdit: () => void }) {
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => updateAlertRule(rule.id, { enabled: !rule.enabled }),
    onSuccess: () => alertRulesChanged(client, rule.project_id),
  });
  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      <Button variant="ghost" icon={mdiPencilOutline} onClick={onEdit} aria-label={`Edit ${rule.name}`}>
        Edit
      </Button>
      <Button variant="ghost" busy={toggle.isPending} onClick={() => toggle.mutate()} aria-label={`${rule.enabled ? 'Switch off' : 'Switch on'} ${rule.name}`}>
        {rule.enabled ? 'Switch off' : 'Switch on'}
      </Button>
      <DeleteAction
        kind="alert rule"
        name={rule.name}
        consequence="Its alerts and their notifications go with it."
        remove={() => deleteAlertRule(rule.id)}
        refresh={(c) => alertRuleDeleted(c, rule.project_id)}
        compact
      />
      {toggle.isError ? <ErrorPresenter error={toggle.error} title="Could not switch it" /> : null}
    </div>
  );
}

const ruleColumns = (editable: boolean, edit: (rule: AlertRule) => void): Column<AlertRule>[] => [
  {
    key: 'name',
    header: 'Rule',
    card: 'title',
    cell: (r) => (
      <div className="min-w-0 whitespace-normal">
        <p className="font-medium break-words">{r.name}</p>
        <p className="text-sm break-words text-secondary">{r.description}</p>
      </div>
    ),
  },
  { key: 'enabled', header: 'State', card: 'badge', cell: (r) => (r.enabled ? <Badge tone="success">On</Badge> : <Badge tone="muted">Off</Badge>) },
  { key: 'open_alerts', header: 'Firing now', className: 'text-right tabular-nums', cell: (r) => (r.open_alerts ? <Badge tone="danger">{r.open_alerts}</Badge> : '0') },
  { key: 'email', header: 'Email', cell: (r) => (r.email ? 'Yes' : 'No') },
  ...(editable ? [{ key: 'actions', header: 'Actions', className: 'text-right', card: 'actions' as const, cell: (r: AlertRule) => <RuleActions rule={r} onEdit={() => edit(r)} /> }] : []),
];

/** The project's newest occurrences: what fired, and whether it still does. */
function RecentAlerts({ projectId }: { projectId: number }) {
  const query = useQuery(projectAlertsOptions(projectId, { page: 1, limit: 5 }));
  if (!query.data?.data.length) return null;
  return (
    <div className="mt-4">
      <h3 className="mb-2 text-sm font-semibold text-gray-900">Recent alerts</h3>
      <ul className="flex flex-col gap-2 text-sm">
        {query.data.data.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center gap-2">
            {a.state === 'firing' ? <Badge tone="danger">Firing</Badge> : <Badge tone="muted">Cleared</Badge>}
            <Link href={a.link} className="min-w-0 break-words text-primary underline-offset-2 hover:underline">
              {a.title}
            </Link>
            <span className="text-secondary">{formatDateTime(a.fired_at)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The project's alert rules: what the server judges every minute and tells the company's admins
 * and engineers about. Everyone who sees the project reads them; engineers and admins edit.
 */
export function AlertRulesCard({ project }: { project: Project }) {
  const session = useSession();
  const editable = can(session?.user, 'production.edit', { company_id: project.company_id });
  const query = useQuery(alertRulesOptions(project.id));
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  return (
    <Card title="Alert rules">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-prose text-sm text-secondary">
          Judged every minute. When one holds, the company’s admins and engineers get a notification (the bell), once, until it clears.
        </p>
        {editable ? (
          <Button icon={mdiBellPlusOutline} onClick={() => setEditing('new')}>
            Add alert rule
          </Button>
        ) : (
          <RoleNote permission="production.edit" action="change alert rules" owner={{ company_id: project.company_id, named: 'the project’s company' }} />
        )}
      </div>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? <ErrorPresenter error={query.error} title="Could not load the alert rules" /> : null}
      {query.data ? (
        <RowsTable
          label="Alert rules"
          columns={ruleColumns(editable, setEditing)}
          rows={query.data}
          rowKey={(r) => r.id}
          pageSize={25}
          emptyText={editable ? 'No alert rules yet. Add one: a low first-pass yield, a step’s Cpk, a jig not fit to test…' : 'No alert rules yet.'}
        />
      ) : null}
      <RecentAlerts projectId={project.id} />
      {editing ? (
        <AlertRuleDialog projectId={project.id} rule={editing === 'new' ? undefined : editing} open onOpenChange={(open) => !open && setEditing(null)} />
      ) : null}
    </Card>
  );
}
