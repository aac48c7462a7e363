import { resourceAccess } from '../access-world';

/**
 * Notifications: the caller's own. The one a path names belongs to alpha-target, whom no
 * principal is, so everyone (a superadmin too) gets its 404 (the matrix's oracle says so).
 */
export default resourceAccess({
  setup: async (t, w) => {
    const at = new Date().toISOString();
    const rule = await t.db
      .insertInto('alert_rules')
      .values({ project_id: w.ids.project, kind: 'jig_not_ready', params: '{}', enabled: 0, email: 0, created_by: null, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const alert = await t.db
      .insertInto('alerts')
      .values({ rule_id: rule.id, project_id: w.ids.project, subject: 'jig:0', title: 'Matrix alert', detail: 'Look here.', link: '/dashboard', fired_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notification = await t.db
      .insertInto('notifications')
      .values({ user_id: w.ids.user, alert_id: alert.id, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { notification: notification.id };
  },
  routes: {
    'GET /notifications': { access: 'read', sample: () => ({ query: 'order=newest' }) },
    'GET /notifications/unread-count': { access: 'read', sample: () => ({}) },
    'POST /notifications/:id/read': { access: 'read', scope: 'notification', sample: (_t, _w, own) => ({ id: own.notification }) },
    'POST /notifications/read-all': { access: 'read', sample: () => ({}) },
  },
});
