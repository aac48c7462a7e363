import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
// `schema.summary` is @fastify/swagger's addition to Fastify's types (the app loads it in openapi.ts).
import type {} from '@fastify/swagger';
import { recordDeclaredRoutes, type DeclaredRoute } from './route';

describe('recordDeclaredRoutes', () => {
  it('refuses to start a server with a route that declares no access', async () => {
    const app = Fastify();
    recordDeclaredRoutes(app, []);
    // Inside a plugin, as every route file is: the server's start fails with the reason.
    app.register(async (scope) => {
      scope.get('/undeclared', async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(/GET \/undeclared declares no access/);
  });

  it('records each declared route once, without the HEAD twin of a GET', async () => {
    const app = Fastify();
    const table: DeclaredRoute[] = [];
    recordDeclaredRoutes(app, table);
    app.get('/things/:id', { config: { access: 'read', scope: 'project' }, schema: { summary: 'A thing' } }, async () => ({}));
    await app.ready();
    expect(table).toEqual([{ method: 'GET', url: '/things/:id', access: 'read', scope: 'project', summary: 'A thing', hasBody: false }]);
  });
});
