import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './error-handling';

/** Vite's hashed build output: a name changes when its content does, so it may be cached forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) must be revalidated, or a deploy would not show. */
const REVALIDATE = 'no-cache';

const isUnder = (pathname: string, dir: string) => pathname === dir || pathname.startsWith(`${dir}/`);

export const isApiPath = (pathname: string) => isUnder(pathname, '/v1');

/**
 * Serves the built browser app from `webDir` and returns the history fallback: the function that
 * answers `index.html` for an app route such as `/projects/4`. Returns null when there is no
 * built app to serve, so those paths get the JSON 404 instead.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDir: string | undefined,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply) | null> {
  if (!webDir || !existsSync(webDir) || !statSync(webDir).isDirectory()) return null;
  const root = path.resolve(webDir);
  const assetsDir = path.join(root, 'assets') + path.sep;

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: 'index.html', // so a directory path (`/`) resolves rather than answering 403
    cacheControl: false,
    // The build's .br and .gz copies (vite.config.ts), for a browser that accepts them.
    preCompressed: true,
    dotfiles: 'ignore',
    // The API's paths never name files, even if the build output happened to hold a `v1` folder.
    allowedPath: (pathName) => !isApiPath(pathName),
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });

  return (request, reply) => {
    const pathname = request.url.split('?')[0];
    // A missing hashed asset must fail as a 404: answering it with index.html would turn a stale
    // chunk into a confusing MIME error in the browser instead of a failed load it can report.
    const servesApp =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(pathname) &&
      !isUnder(pathname, '/assets') &&
      existsSync(path.join(root, 'index.html'));
    if (!servesApp) return sendNotFound(reply);
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  };
}
