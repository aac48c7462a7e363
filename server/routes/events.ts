import { z } from 'zod';
import { liveEventsQuery } from '../../contract/live';
import { defineRoutes } from '../http/route';

/** Live results: what changed, as it is stored, so open screens refresh themselves. */
export default defineRoutes((route, { streams }) => {
  route({
    method: 'GET',
    url: '/events',
    summary: 'Live results as jigs report them (server-sent events)',
    description: [
      'A `text/event-stream` of what changed in the rows the caller sees (their company, projects they joined; a superadmin every company, or `company_id`).',
      'Events: `ready` `{ heartbeat_ms }` once subscribed; `report` `{ company_id, project_id, production_batch_id, device_id }` when a jig report is stored; `resync` `{}` when events may have been missed (refetch what is shown); `bye` `{}` a few seconds before the server ends the stream (open the next one now, drop this one once the next is ready). A comment line every `heartbeat_ms` keeps the connection open.',
      'An event names what changed, never the data: clients refetch through the ordinary calls. A stream lasts a few minutes, so the login is checked again at each new one; a login holds at most a few streams at once (429 beyond).',
      'Sent with the `Authorization` header like every call: read it with `fetch()` (the app does), not `EventSource`, which cannot send headers.',
    ].join('\n\n'),
    access: 'read',
    query: liveEventsQuery,
    produces: 'text/event-stream',
    response: z.string().meta({ description: 'Server-sent events, until the server ends the stream.' }),
    handler: async ({ caller, query, request, reply }) => streams.open(reply, { caller, tokenId: request.tokenId }, query.company_id),
  });
});
