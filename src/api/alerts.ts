import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { One, Page } from '../../contract/envelope';
import type { ListParams } from '../../contract/list-query';
import type { Alert, AlertRule, AlertRuleInput, AlertRuleUpdateInput, Notification } from '../../contract/alerts';
import { afterDelete } from './after-delete';
import { api } from './client';
import { toQuery } from './list-params';

export const alertKeys = {
  all: ['alerts'] as const,
  rules: (projectId: number) => ['alerts', 'rules', projectId] as const,
  occurrences: (projectId: number, params: ListParams) => ['alerts', 'occurrences', projectId, params] as const,
  notifications: () => ['alerts', 'notifications'] as const,
  notificationList: (params: ListParams) => ['alerts', 'notifications', 'list', params] as const,
  unread: () => ['alerts', 'notifications', 'unread'] as const,
};

/** The bell asks again this often: the evaluator judges the rules about once a minute. */
export const UNREAD_REFRESH_MS = 60_000;

/** `GET /notifications/unread-count`: the bell's figure. */
export const unreadCountOptions = () =>
  queryOptions({
    queryKey: alertKeys.unread(),
    queryFn: ({ signal }) => api.get<One<{ unread: number }>>('/notifications/unread-count', { signal }).then((r) => r.data.data.unread),
    refetchInterval: UNREAD_REFRESH_MS,
  });

/** `GET /notifications`: mine, unread first, then newest first. */
export const notificationsOptions = (params: ListParams) =>
  queryOptions({
    queryKey: alertKeys.notificationList(params),
    queryFn: ({ signal }) => api.get<Page<Notification>>('/notifications', { params: { ...toQuery(params), order: 'unread_first' }, signal }).then((r) => r.data),
    refetchInterval: UNREAD_REFRESH_MS,
  });

export async function markNotificationRead(id: number): Promise<void> {
  await api.post(`/notifications/${id}/read`);
}

export async function markAllNotificationsRead(): Promise<void> {
  await api.post('/notifications/read-all');
}

/** After acknowledging: the bell and the list. */
export const notificationsChanged = (client: QueryClient) => client.invalidateQueries({ queryKey: alertKeys.notifications() });

/** `GET /projects/{id}/alert-rules`. */
export const alertRulesOptions = (projectId: number) =>
  queryOptions({
    queryKey: alertKeys.rules(projectId),
    queryFn: ({ signal }) => api.get<{ data: AlertRule[] }>(`/projects/${projectId}/alert-rules`, { signal }).then((r) => r.data.data),
    enabled: projectId > 0,
  });

/** `GET /projects/{id}/alerts`: the project's occurrences, newest first. */
export const projectAlertsOptions = (projectId: number, params: ListParams) =>
  queryOptions({
    queryKey: alertKeys.occurrences(projectId, params),
    queryFn: ({ signal }) => api.get<Page<Alert>>(`/projects/${projectId}/alerts`, { params: toQuery(params), signal }).then((r) => r.data),
    enabled: projectId > 0,
  });

export async function createAlertRule(projectId: number, input: AlertRuleInput): Promise<AlertRule> {
  const { data } = await api.post<One<AlertRule>>(`/projects/${projectId}/alert-rules`, input);
  return data.data;
}

export async function updateAlertRule(id: number, input: AlertRuleUpdateInput): Promise<AlertRule> {
  const { data } = await api.patch<One<AlertRule>>(`/alert-rules/${id}`, input);
  return data.data;
}

export async function deleteAlertRule(id: number): Promise<void> {
  await api.delete(`/alert-rules/${id}`);
}

export const alertRulesChanged = (client: QueryClient, projectId: number) => client.invalidateQueries({ queryKey: alertKeys.rules(projectId) });

/** A deleted rule's occurrences and their notifications went with it. */
export const alertRuleDeleted = (client: QueryClient, projectId: number) =>
  afterDelete(client, { gone: [], stale: [alertKeys.rules(projectId), ['alerts', 'occurrences', projectId], alertKeys.notifications()] });
