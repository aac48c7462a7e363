import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isApiPath } from './web';

/**
 * Security headers for the API and the built app. The CSP fits a Vite build: scripts only from
 * our origin; inline styles allowed because Radix positions its layers with style attributes;
 * images may be data: URLs (icons, previews); the app talks only to its own origin.
 *
 * helmet itself, made once: the @fastify/helmet plugin made a new helmet (directives parsed
 * again) for every request, about 60 µs of a sorted devices page's CPU on the bench machine.
 * And its headers read once: with this configuration they are the same for every request (no
 * nonces), and running its dozen middlewares per request still cost a jig's post about 28 µs.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // No upgrade-insecure-requests: a jig lab often serves the app over plain HTTP on the
        // LAN, where upgrading would break every asset.
      },
    },
    // Matches frame-ancestors 'none' for browsers that only know X-Frame-Options.
    frameguard: { action: 'deny' },
    // Downloads (firmware, reports) may be fetched by other tools; keep resources same-site only.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  const headers = headersSetBy(setHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** The headers a middleware sets, read off a stand-in response (helmet's run synchronously). */
function headersSetBy(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = { setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)), removeHeader: () => {} };
  let finished = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('the security headers middleware did not finish at once');
  return headers;
}

/**
 * Every API answer, success or error, carries data or a token that no browser or proxy cache may
 * keep (a shared computer's back button, a caching proxy). A route that chose its own
 * Cache-Control keeps it; the built app's files are not under /v1 and keep their caching.
 */
export function noStoreApiAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url.split('?')[0]) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
