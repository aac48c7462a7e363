/**
 * `npm run dev`: the API (restarting on change) and the Vite dev server together, their output
 * prefixed, both stopped on Ctrl-C or when either exits.
 *
 *   API_PORT  the API (default 8081); Vite proxies /v1 there (vite.config.ts)
 *   WEB_PORT  the dev server you open (default 8080)
 *   DATA_DIR  the server's data dir (default ./data)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const apiPort = process.env.API_PORT ?? '8081';
const webPort = process.env.WEB_PORT ?? '8080';
const tty = process.stdout.isTTY && !process.env.NO_COLOR;

type Proc = { name: string; color: string; child: ChildProcess };
const procs: Proc[] = [];
let stopping = false;

function start(name: string, color: string, command: string, args: string[], env: NodeJS.ProcessEnv) {
  // Own process group, so stopping reaches the grandchildren (tsx watch runs node under it).
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...(tty ? { FORCE_COLOR: '1' } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = tty ? `\x1b[${color}m[${name}]\x1b[0m ` : `[${name}] `;
  for (const stream of [child.stdout!, child.stderr!]) {
    const out = stream === child.stdout ? process.stdout : process.stderr;
    createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
  }
  child.on('exit', (code, signal) => {
    console.log(`${prefix}exited ${signal ?? `with code ${code}`}`);
    if (!stopping) stop(code ?? 1);
  });
  procs.push({ name, color, child });
}

function kill(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function stop(exitCode: number) {
  if (stopping) return;
  stopping = true;
  for (const { child } of procs) kill(child, 'SIGTERM');
  const force = setTimeout(() => procs.forEach(({ child }) => kill(child, 'SIGKILL')), 5000);
  force.unref();
  const waiting = procs.map(
    ({ child }) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else child.once('exit', () => resolve());
      }),
  );
  void Promise.all(waiting).then(() => process.exit(exitCode));
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('api', '35', bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
  PORT: apiPort,
  HOST: process.env.HOST ?? '127.0.0.1',
  SKIP_WEB_BUILD: '1',
  DATA_DIR: process.env.DATA_DIR ?? './data',
});
start('web', '36', bin('vite'), ['--port', webPort, '--strictPort'], { API_PORT: apiPort });

console.log(`Jigboard dev: open http://localhost:${webPort} (API on ${apiPort}). Ctrl-C stops both.`);
