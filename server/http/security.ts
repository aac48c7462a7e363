import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { isApiPath } from './web';

/**
 * Security headers for the API and the built app. The CSP fits a Vite build: scripts only from
 * our origin; inline styles allowed because Radix positions its layers with style attributes;
 * images may be data: URLs (icons, previews); the app talks only to its own origin.
 *
 * helmet itself, made once: the @fastify/helmet plugin made a new helmet (directives parsed
 * again) for every request, about 60 µs of a sorted devices page's CPU on the bench machine.
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
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
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
