import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '../../contract/errors';
import { decide, type Owner, type Permission } from '../../contract/permissions';
import { authenticate, type Caller } from '../auth/authenticate';
import { authenticateJig } from '../auth/jig';
import type { ReportingJig } from '../services/production/ingest';
import type { RouteDeps } from '../config';
import { accessText, FORBIDDEN_MESSAGES } from './access-text';
import { registerUploads } from '../files/multipart';
import { bodyInHandlerCompiler } from './compilers';
import { forbidden, notFound, unauthorized } from './errors';
import { cachedPageHooks } from './cached-page';
import { sharedScope, type ScopeName, type ScopeRow } from './scopes';
import { idParam, parseId } from './validate';
import { dialectOf } from '../db/dialect';

/**
 * Every v1 route is declared here, in one shape: its access (a permission of
 * contract/permissions.ts), the row it is scoped to, and its schemas. The declaration is
 * enforced before the handler runs (log in → load the scoped row → judge), it becomes the
 * OpenAPI description, and the access matrix test calls every declared route as every kind of
 * caller. A route registered without a declaration stops the server from starting (app.ts).
 */

type Schema = z.ZodType;

type Context<P extends Permission, S, Q, B, E = undefined> = {
  /** The logged-in user; null only on public and jig routes. */
  caller: P extends 'public' | 'jig' ? Caller | null : Caller;
  /** The jig that signed the request; set on jig routes only. */
  jig: P extends 'jig' ? ReportingJig : undefined;
  /** The row the route's `:id` names, already judged visible. */
  row: S extends ScopeName ? ScopeRow<S> : undefined;
  query: Q extends Schema ? z.output<Q> : undefined;
  body: B extends Schema ? z.output<B> : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
  /** What the route's `early` began beside the scope's read, when it began anything. */
  early: Promise<E> | undefined;
};

/** What a route's `early` is given: the path's id and the query, before the caller is judged. */
type EarlyContext<S, Q> = {
  id: number;
  query: Q extends Schema ? z.output<Q> : undefined;
  request: FastifyRequest;
  /** The scope's row, on its way (undefined: no such row, and the answer will be a 404). */
  row: Promise<(S extends ScopeName ? ScopeRow<S> : never) | undefined>;
};

/** What a handler gives back: the declared answer, or the reply it sent itself (a stream). */
type Answer<R> = R extends Schema ? z.input<R> | FastifyReply : FastifyReply | void;

export type RouteSpec<
  P extends Permission,
  S extends ScopeName | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  R extends Schema | undefined,
  E = undefined,
> = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  description?: string;
  access: P;
  /** The row `:id` names; the caller is judged against its owner. */
  scope?: S;
  /**
   * A path whose `:id` is no row id (a panel's text id, `PATCH /manage/devices/panel/{id}`): its
   * schema, in place of the id check. Unscoped routes only.
   */
  params?: Schema;
  query?: Q;
  body?: B;
  /**
   * The body schema describes the request, but the handler parses it itself, where its rules say
   * (an invitation link answers 410 for a used link before it reads the form).
   */
  parseBodyInHandler?: boolean;
  /**
   * `multipart/form-data`: the body is an upload the handler streams itself (receiveUpload);
   * `body` then describes the form's parts. Needs `defineRoutes(…, { uploads: true })`.
   */
  consumes?: 'multipart/form-data';
  /**
   * The success answer is a file, not JSON (a download with `sendFile`): its content type, and
   * `response` describes the bytes (`z.string()` as binary) for the description only.
   */
  produces?: string;
  /** The success status: 200 unless said; 204 answers no body. */
  status?: 200 | 201 | 204;
  /**
   * Most bytes of a JSON body, when the route takes more than the API's 1 MB (a whole test-point
   * import); every other route keeps the app's limit.
   */
  bodyLimit?: number;
  /** Other success statuses the handler may set, answering the same schema (a retry's 200). */
  otherStatuses?: readonly (200 | 201)[];
  /** The success answer's schema (checked against every answer in the API suite). */
  response?: R;
  /**
   * A GET whose JSON answer depends only on its URL and the scoped row's project (a device
   * page): answered again from the page cache while nothing was written (page-cache.ts).
   */
  cachedPage?: true;
  /**
   * A scoped GET's read that needs only the path's id and the query, begun on PostgreSQL beside
   * the scope's read instead of a round trip after it (a device page). Its answer
   * reaches the handler as `early`, and only once the caller is judged allowed; for anyone else
   * it is dropped, and the 404 goes out when the scope's read is in, without waiting for it, so
   * it tells a stranger nothing. It must only read. Undefined: nothing begun (a CSV download).
   * On SQLite, whose statements run one at a time in this process, nothing is begun early.
   */
  early?: (ctx: EarlyContext<S, Q>) => Promise<E> | undefined;
  handler: (ctx: Context<P, S, Q, B, E>) => Promise<Answer<R>>;
};

/** What a declared route carries in its Fastify config, for the app's checks and the tests. */
export type RouteAccess = { access: Permission; scope?: ScopeName };

export type DeclaredRoute = RouteAccess & {
  method: string;
  url: string;
  summary: string;
  hasBody: boolean;
  /** `multipart/form-data` for an upload; undefined for a JSON body (or none). */
  consumes?: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The row of a scoped route, set by the access hook before validation. */
    scoped: unknown;
    /** What the route's `early` began beside the scope's read (route.ts). */
    early?: Promise<unknown>;
  }
  interface FastifyContextConfig {
    access?: Permission;
    scope?: ScopeName;
  }
}

export type RouteFn = <
  P extends Permission,
  S extends ScopeName | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema | undefined = undefined,
  E = undefined,
>(
  spec: RouteSpec<P, S, Q, B, R, E>,
) => void;

/** Marks what `defineRoutes` made (a registered symbol: the same however the module was loaded). */
const ROUTE_PLUGIN: unique symbol = Symbol.for('jigboard.defineRoutes');

/**
 * A plugin of declared routes: `defineRoutes((route, { db }) => { route({...}); })`. With
 * `uploads`, its routes may take multipart bodies (each plugin is its own Fastify scope, so
 * every other route of the API still takes JSON only).
 */
export function defineRoutes(
  register: (route: RouteFn, deps: RouteDeps) => void,
  options: { uploads?: boolean } = {},
): RoutePlugin {
  const plugin: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
    if (options.uploads) await registerUploads(app, deps.config.fileLimits);
    register((spec) => {
      if (spec.consumes && !options.uploads) throw new Error(`${spec.method} ${spec.url} takes uploads: defineRoutes(…, { uploads: true }).`);
      app.route(toRouteOptions(spec as AnySpec, deps));
    }, deps);
  };
  return Object.assign(plugin, { [ROUTE_PLUGIN]: true as const });
}

/** The `:id` of a route's URL: checked a whole number in range before any handler runs. */
export const idOf = (params: unknown): number => (params as { id: number }).id;

/** What `defineRoutes` makes: the one shape a route file exports (as its default export). */
export type RoutePlugin = FastifyPluginAsync<RouteDeps> & { readonly [ROUTE_PLUGIN]: true };

export const isRoutePlugin = (value: unknown): value is RoutePlugin =>
  typeof value === 'function' && (value as Partial<RoutePlugin>)[ROUTE_PLUGIN] === true;

type AnySpec = RouteSpec<Permission, ScopeName | undefined, Schema | undefined, Schema | undefined, Schema | undefined, unknown>;

/** `:id` and friends, for the description (the access hook has judged `:id` already). */
function paramsOf(url: string, scope: ScopeName | undefined): Schema | undefined {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);
  if (!names.length) return undefined;
  return z.object(
    Object.fromEntries(names.map((name) => [name, scope === 'user' && name === 'id' ? z.union([idParam, z.literal('me')]) : idParam])),
  );
}

function toRouteOptions(spec: AnySpec, { db, reads, pages, sharedReads }: RouteDeps): RouteOptions {
  const status = spec.status ?? 200;
  const needsLogin = spec.access !== 'public' && spec.access !== 'jig';
  if (spec.cachedPage && (spec.method !== 'GET' || !spec.scope)) throw new Error(`${spec.method} ${spec.url}: only a scoped GET can be a cached page.`);
  if (spec.early && (spec.method !== 'GET' || !spec.scope)) throw new Error(`${spec.method} ${spec.url}: only a scoped GET begins a read early.`);
  const beginsEarly = spec.early && dialectOf(db) === 'postgres' ? spec.early : undefined;
  const cache = spec.cachedPage && pages.enabled ? cachedPageHooks(pages) : undefined;
  // Reads share a scope row read under way; a write reads its own, so what it acts on is its own read.
  const scopeReads = spec.method === 'GET' ? sharedReads : undefined;
  const scopeDb = spec.method === 'GET' ? reads : db;
  return {
    method: spec.method,
    url: spec.url,
    config: { access: spec.access, scope: spec.scope },
    ...(spec.bodyLimit && { bodyLimit: spec.bodyLimit }),
    schema: {
      summary: spec.summary,
      description: [spec.description, accessText(spec.access, spec.scope)].filter(Boolean).join('\n\n'),
      tags: [spec.url.split('/')[1]],
      ...(needsLogin && { security: [{ bearer: [] }, { serviceToken: [] }] }),
      ...(spec.access === 'jig' && { security: [{ jigSignature: [] }] }),
      // Only the parts a route has: Fastify warns about a key present but undefined.
      ...definedOnly({ params: spec.params ?? paramsOf(spec.url, spec.scope), querystring: spec.query, body: spec.body }),
      ...(spec.consumes && { consumes: [spec.consumes] }),
      response: {
        ...(status === 204
          ? { 204: z.null().describe('No content') }
          : spec.response && { [status]: spec.produces ? fileAnswer(spec.produces, spec.response) : spec.response }),
        ...(spec.response && Object.fromEntries((spec.otherStatuses ?? []).map((other) => [other, spec.response]))),
        '4xx': apiErrorSchema,
      },
    },
    ...((spec.parseBodyInHandler || spec.consumes) && { validatorCompiler: bodyInHandlerCompiler }),
    // Who is calling, before the body is read: a user's token, or a jig's signature.
    onRequest: needsLogin ? authenticate(db) : spec.access === 'jig' ? authenticateJig(db) : undefined,
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      // Before the scope's read (its ticket: a write from here on keeps this answer out of the
      // cache). A kept page answers a caller its owner allows without reading the project.
      const kept = cache?.lookUp(request);
      if (kept && decide(request.caller, spec.access, kept.owner) === 'allow') {
        const sent = cache!.answer(request, reply, kept);
        if (sent) return sent;
      }
      let owner: Owner | undefined;
      if (spec.scope) {
        const reading = sharedScope(scopeDb, scopeReads, spec.scope, (request.params as { id?: string }).id, request.caller);
        if (beginsEarly) request.early = earlyRead(beginsEarly, spec, request, reading);
        const found = await reading;
        if (!found) throw notFound();
        request.scoped = found.row;
        owner = found.owner;
      }
      const verdict = decide(request.caller, spec.access, owner);
      if (verdict === 'unauthenticated') throw unauthorized();
      if (verdict === 'hidden') throw notFound();
      if (verdict === 'forbidden') throw forbidden(FORBIDDEN_MESSAGES[spec.access]);
      // An unscoped route's `:id` (the /manage area's) is judged here too, after access: one
      // that cannot be an id names no row (404), as on scoped routes, not the params schema's 422.
      const rawId = (request.params as { id?: string }).id;
      if (!spec.scope && !spec.params && rawId !== undefined) parseId(rawId);
      if (cache && owner?.project_id !== undefined) cache.judged(request, { company_id: owner.company_id, project_id: owner.project_id });
    },
    ...(cache && { onSend: cache.keep }),
    handler: async (request, reply) => {
      reply.status(status);
      const answer = await spec.handler({
        caller: request.caller,
        jig: request.jig,
        row: request.scoped,
        query: request.query,
        body: request.body,
        request,
        reply,
        early: request.early,
      } as Context<Permission, ScopeName, Schema, Schema, unknown>);
      return status === 204 ? reply.send() : answer;
    },
  };
}

/**
 * Begins the route's early read, when the path's id and the query are ones the route will take
 * (else nothing: the request fails its checks as it would have). Its failure is the handler's to
 * meet; one dropped with a 404 is dropped quietly.
 */
function earlyRead(begin: NonNullable<AnySpec['early']>, spec: AnySpec, request: FastifyRequest, reading: Promise<{ row: unknown } | undefined>) {
  let id: number;
  try {
    id = parseId((request.params as { id?: string }).id);
  } catch {
    return undefined;
  }
  const query = spec.query ? spec.query.safeParse(request.query) : { success: true as const, data: undefined };
  if (!query.success) return undefined;
  // The row as the early read may use it; a failed scope read is the hook's to answer.
  const row = reading.then((found) => found?.row, () => undefined) as Parameters<typeof begin>[0]['row'];
  const early = begin({ id, query: query.data, request, row });
  early?.catch(() => {});
  return early;
}

/**
 * A file (or stream) answer in the description's own shape (content type → schema), which the zod
 * transform passes through; the bytes are streamed, so no serializer ever checks them.
 */
const fileAnswer = (type: string, schema: Schema) => ({ description: schema.description ?? 'The file', content: { [type]: { schema } } });

const definedOnly = <T extends Record<string, unknown>>(parts: T) =>
  Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== undefined)) as Partial<T>;

/** The declared routes of an app, as its onRoute hook recorded them (for tests and checks). */
export function recordDeclaredRoutes(app: FastifyInstance, into: DeclaredRoute[]) {
  app.addHook('onRoute', (options) => {
    if (options.method === 'HEAD' || (Array.isArray(options.method) && options.method.includes('HEAD'))) return;
    const access = options.config?.access;
    if (!access) {
      throw new Error(`${String(options.method)} ${options.url} declares no access: declare it with defineRoutes.`);
    }
    into.push({
      method: String(options.method),
      url: options.url,
      access,
      scope: options.config?.scope,
      summary: String(options.schema?.summary ?? ''),
      hasBody: options.schema?.body !== undefined,
      consumes: (options.schema?.consumes as string[] | undefined)?.[0],
    });
  });
}
