import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { databaseSpecFor, openDatabase } from './db/open';
import { readEnv } from './env';
import { smtpMailer } from './mail/mailer';
import { demoDataLine } from './seed/demo-counts';
import { seedOnStart, type StartSeeding } from './seed/on-start';
import { ensureWebBuild } from './web-build';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// WEB_DIR serves another build (parallel e2e runs build into their own folders).
const webDir = process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : path.join(repoRoot, 'dist');

async function main() {
  const env = readEnv();
  mkdirSync(env.DATA_DIR, { recursive: true });

  if (!env.SKIP_WEB_BUILD) {
    try {
      await ensureWebBuild(repoRoot, webDir, console.log);
    } catch (error) {
      // The API is still worth serving (e.g. while the app is mid-change); say so loudly.
      console.error('The web app did not build; serving the API (and any earlier build) only.\n', error);
    }
  }

  const spec = databaseSpecFor(env.DATABASE_URL, env.DATA_DIR);
  const db = openDatabase(spec);
  const app = await buildApp({
    db,
    dataDir: env.DATA_DIR,
    fileStore: env.FILE_STORE,
    webDir,
    tokenTtlHours: env.TOKEN_TTL_HOURS,
    trustProxy: env.TRUST_PROXY,
    timeouts: {
      headersMs: env.HEADERS_TIMEOUT_MS,
      requestMs: env.REQUEST_TIMEOUT_MS,
      connectionMs: env.CONNECTION_TIMEOUT_MS,
      keepAliveMs: env.KEEP_ALIVE_TIMEOUT_MS,
    },
    logger: { level: env.LOG_LEVEL },
    logRequests: env.LOG_REQUESTS,
    pageCache: { ttlMs: env.PAGE_CACHE_MS },
    reportGroupsInFlight: env.REPORT_GROUPS_IN_FLIGHT,
    mailer: env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : undefined,
    publicUrl: env.PUBLIC_URL,
    alertIntervalMs: env.ALERT_INTERVAL_MS,
    metricsToken: env.METRICS_TOKEN,
  });
  app.addHook('onClose', () => db.destroy());

  const seeding = await seedOnStart(db, {
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD,
    seedDemo: env.SEED_DEMO,
    demoPassword: env.DEMO_PASSWORD,
    files: app.files,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) process.exit(1); // a second Ctrl-C: stop waiting for open requests
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const port = (app.server.address() as { port: number } | null)?.port ?? env.PORT;
  printBanner({
    url: `http://localhost:${port}`,
    database: spec.kind === 'sqlite' ? spec.file : 'PostgreSQL (DATABASE_URL)',
    seeding,
    envAdmin: env.ADMIN_PASSWORD ? { username: env.ADMIN_USERNAME ?? 'admin' } : undefined,
    demoPassword: env.DEMO_PASSWORD,
    mail: env.SMTP_URL ? `by email from ${env.MAIL_FROM}, links to ${env.PUBLIC_URL}` : 'links shown to the inviter (no SMTP_URL)',
  });
}

function printBanner(info: {
  url: string;
  database: string;
  seeding: StartSeeding;
  envAdmin?: { username: string };
  demoPassword: string;
  mail: string;
}) {
  const { seeding } = info;
  const lines = ['', `Jigboard is ready: ${info.url}`, `Database: ${info.database}`, `Invitations: ${info.mail}`];
  // A generated password is printed once, when it is made; one the operator chose is theirs
  // already and is not copied into every start's log.
  if (seeding.firstAdmin?.generated) {
    const { username, password } = seeding.firstAdmin;
    lines.push(`Superadmin: ${username} / ${password} (generated now; shown only this once)`);
  } else if (info.envAdmin) {
    lines.push(`Superadmin: ${info.envAdmin.username} / the password in ADMIN_PASSWORD`);
  }
  if (seeding.demoUsernames.length) {
    const password = seeding.demoSeeded ? info.demoPassword : `${info.demoPassword} (unless changed)`;
    lines.push(`Demo logins: ${seeding.demoUsernames.join(', ')}, password ${password}`);
  }
  if (seeding.demo) {
    lines.push(demoDataLine(seeding.demo.counts, seeding.demo.ms));
  }
  if (seeding.demoJig) {
    const jig = seeding.demoJig;
    lines.push(
      `Demo jig: ${jig.serial} (${jig.name}), x-jig-signature: ${jig.signature}`,
      `  post a report to ${info.url}/v1/jig/reports with project_id ${jig.project_id}, production_batch_id ${jig.production_batch_id} (README: "Feed it a report")`,
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
