/**
 * What a simulated jig of `npm run bench` sends, shared by the ingestion bench's jigs (as fast
 * as the server takes them, scripts/bench.ts) and the soak's (at a fixed rate,
 * scripts/bench-soak-client.ts), so both post the same reports the same way.
 */
import http from 'node:http';
import { motorControllerSteps, simulateBoard, type SimulatedReport } from '../server/seed/programs';
import type { Random } from '../server/seed/random';

/** The bench jigs' test program: the seed's motor controller, one version. */
const program = { profile: 'Bench EOL', versions: [{ version: '3.1', from: 0 }], steps: motorControllerSteps(), cycleSeconds: 45 };

/**
 * One board's runs on a jig, in order: its first test, then retests after a failure (a board
 * failing at the first try comes back after rework), as the seed simulates them.
 */
export function boardRuns(rng: Random): SimulatedReport[] {
  return simulateBoard(rng, program, Date.now() - 60_000, { firstFail: 0.08, error: 0.006, retest: 1, retestPass: 0.85, now: Date.now() + 86_400_000 });
}

export type Report = { uuid: string; serial: string; project_id: number; production_batch_id: number; run: SimulatedReport };

/** The JSON of one report, as a jig posts it: the run finished just now, at its simulated length. */
export function reportBody({ uuid, serial, project_id, production_batch_id, run }: Report): string {
  const finished = new Date();
  return JSON.stringify({
    uuid,
    serial,
    project_id,
    production_batch_id,
    test_profile: run.profile,
    test_profile_version: run.version,
    result: run.result,
    started_at: new Date(finished.getTime() - (run.finishedAt - run.startedAt)).toISOString(),
    finished_at: finished.toISOString(),
    steps: JSON.parse(run.steps),
  });
}

/** What a request got: the server's answer, or no answer ('dropped' when the bench cut it on purpose). */
export type Answer = { status: number; body: string } | 'dropped' | 'network';

/**
 * One request on a keep-alive agent, its answer read whole. With `drop` the request goes out
 * whole and the connection is cut before the answer: a jig's dropped connection.
 */
export function send(agent: http.Agent, options: http.RequestOptions, body?: string, drop = false): Promise<Answer> {
  return new Promise<Answer>((done) => {
    const req = http.request({ host: '127.0.0.1', agent, ...options }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', () => done(drop ? 'dropped' : 'network'));
    if (drop) req.on('finish', () => req.destroy());
    req.end(body);
  });
}

/** A jig's post of one report (its body from reportBody), signed as that jig. */
export const postReport = (agent: http.Agent, port: number, signature: string, body: string, drop = false) =>
  send(
    agent,
    {
      port,
      method: 'POST',
      path: '/v1/jig/reports',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-jig-signature': signature },
    },
    body,
    drop,
  );

/** Whether the server took a report: 201 stored now, 200 already stored (a retry's duplicate). */
export const acknowledged = (answer: Answer): answer is { status: 200 | 201; body: string } =>
  typeof answer === 'object' && (answer.status === 200 || answer.status === 201);

/** The key a failed request is counted under: its status and the start of its answer, or why none came. */
export const failureKey = (answer: Answer) => (typeof answer === 'object' ? `${answer.status} ${answer.body.slice(0, 120)}` : answer);
