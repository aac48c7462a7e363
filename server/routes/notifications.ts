import { oneOf, pageOf } from '../../contract/envelope';
import { notificationSchema, notificationsQuery, readAllSchema, unreadCountSchema } from '../../contract/alerts';
import { notFound } from '../http/errors';
import { defineRoutes } from '../http/route';
import { markRead, notificationsOf, unreadCount } from '../store/alerts';

/**
 * The caller's own notifications (the bell): only ever one's own. A superadmin has none unless
 * an occurrence of their own company told them, and reads nobody else's.
 */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/notifications',
    summary: 'My notifications',
    description: '`order=unread_first` (default: unread ones first, then newest first) or `newest`. Each carries its alert: title, what to look at, link.',
    access: 'read',
    query: notificationsQuery,
    response: pageOf(notificationSchema),
    handler: async ({ caller, query }) => notificationsOf(db, caller.id, query),
  });

  route({
    method: 'GET',
    url: '/notifications/unread-count',
    summary: 'How many of my notifications are unread (the bell)',
    access: 'read',
    response: oneOf(unreadCountSchema),
    handler: async ({ caller }) => ({ data: { unread: await unreadCount(db, caller.id) } }),
  });

  route({
    method: 'POST',
    url: '/notifications/:id/read',
    summary: 'Acknowledge one of my notifications',
    description: 'Marks it read (again: no change). Another person’s notification is a 404, a superadmin’s call included.',
    access: 'read',
    scope: 'notification',
    response: oneOf(unreadCountSchema),
    handler: async ({ caller, row }) => {
      if (row.user_id !== caller.id) throw notFound();
      await markRead(db, caller.id, row.id, new Date().toISOString());
      return { data: { unread: await unreadCount(db, caller.id) } };
    },
  });

  route({
    method: 'POST',
    url: '/notifications/read-all',
    summary: 'Acknowledge all my notifications',
    access: 'read',
    response: oneOf(readAllSchema),
    handler: async ({ caller }) => ({ data: { read: await markRead(db, caller.id, undefined, new Date().toISOString()) } }),
  });
});
