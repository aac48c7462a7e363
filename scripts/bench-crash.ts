/**
 * The real server (`server/main.ts`) as a child process the bench can `kill -9` and start again:
 * ingestion must lose and double nothing across a crash, and only a separate process
 * can be killed without taking the bench with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

export type ServerDatabase = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** A free port on 127.0.0.1, for the child to listen on across its restarts. */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export class CrashableServer {
  private child: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly root: string,
  ) {}

  /**
   * Starts the server on the bench database (SQLite: the file's folder is its DATA_DIR), with
   * `settings` over its environment (the bench's A/B windows compare two).
   */
  static async start(database: ServerDatabase, root: string, settings: Record<string, string> = {}): Promise<CrashableServer> {
    const dataDir = database.kind === 'sqlite' ? dirname(database.file) : join(root, '.tmp', 'bench-crash');
    mkdirSync(dataDir, { recursive: true });
    const port = await freePort();
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.kind === 'postgres' ? database.url : '',
      SKIP_WEB_BUILD: '1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ...settings,
    };
    const server = new CrashableServer(port, env, root);
    await server.launch();
    return server;
  }

  private async launch() {
    this.child = spawn(process.execPath, ['--import', 'tsx', join(this.root, 'server', 'main.ts')], {
      cwd: this.root,
      env: this.env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`the server exited with ${this.child.exitCode} while starting`);
      try {
        await fetch(`http://127.0.0.1:${this.port}/v1/roles`, { signal: AbortSignal.timeout(1000) });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error('the server did not answer within 60 s');
  }

  /** kill -9, then a fresh start on the same port; resolves once it answers again (seconds down). */
  async crashAndRestart(): Promise<number> {
    const t0 = performance.now();
    const child = this.child!;
    child.kill('SIGKILL');
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    await this.launch();
    return (performance.now() - t0) / 1000;
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}
