/**
 * Model-based tests of the root machine on the harness: `xstate/graph` derives the paths, a real
 * actor with controlled calls walks each one, and `app.oracle.ts` checks every step against the SPEC.
 */
import { describe, expect, it } from 'vitest';
import { createActor, getNextSnapshot } from 'xstate';
import { appMachine } from '../../machines/app.machine';
import {
  appModel,
  BLOCK_REASON,
  describeEvent,
  describeState,
  engineerSession,
  INVALID_TOKEN,
  NO_CREDENTIALS,
  operatorSession,
  serializeState,
  sessionEvents,
  sessionModel,
  stateName,
  type AppPath,
  type AppSnapshot,
  type ModelEvent,
} from './app.model';
import { appEffects, appOracle } from './app.oracle';
import { createHarness, edgePaths, pathOfEvents, pathsOrError, simplePaths } from './harness';

/** Step kinds seen, e.g. 'loadStoredAuth.error(Invalid token.)', for the scenario checklist. */
const scenarios = new Set<string>();
/** The graph's edges (state -- event) that some walk took. */
const walkedEdges = new Set<string>();

const harness = createHarness({
  model: appModel,
  oracle: appOracle,
  onStep: (prev, event, next) => {
    scenarios.add(scenarioName(prev, event, next));
    walkedEdges.add(`${serializeState(prev)} -- ${describeEvent(event)}`);
  },
});

/** A walk with its effects in the SPEC's terms. */
async function replay(path: AppPath) {
  const { final, effects, last } = await harness.walk(path);
  return { final, effects: appEffects(effects), last: appEffects(last) };
}

const { paths: allEdges, error: graphError } = pathsOrError(() => edgePaths(appModel));
const bySource = new Map<string, typeof allEdges>();
for (const p of allEdges) bySource.set(serializeState(p.source), [...(bySource.get(serializeState(p.source)) ?? []), p]);
const lastEvent = (p: AppPath) => p.steps[p.steps.length - 1].event;
const lastFrom = (p: AppPath) => p.steps[p.steps.length - 2]?.state;

/** The shortest generated path whose last step is `type` (optionally only when `when` holds). */
function pathEndingWith(type: string, when: (p: AppPath) => boolean = () => true): AppPath {
  const found = allEdges
    .filter((p) => p.steps.length > 1 && lastEvent(p).type === type && when(p))
    .sort((a, b) => a.steps.length - b.steps.length)[0];
  if (!found) throw new Error(`the model has no path ending with ${type}`);
  return found;
}

describe('app.machine: every transition of the graph, from each state', () => {
  it('has a graph that is finite and not trivial', () => {
    if (graphError) throw graphError;
    expect(bySource.size).toBeGreaterThan(10);
    expect(allEdges.length).toBeGreaterThan(100);
  });

  for (const paths of bySource.values()) {
    it(`from ${describeState(paths[0].source)}: ${paths.length} events`, async () => {
      for (const path of paths) {
        try {
          await harness.walk(path);
        } catch (e) {
          (e as Error).message = `${harness.describe(path)}\n${(e as Error).message}`;
          throw e;
        }
      }
    });
  }
});

/** The same events from the same start, with the snapshots the machine really takes them to. */
function replanned(path: AppPath): AppPath {
  const [start, ...rest] = path.steps;
  const steps = [start];
  for (const { event } of rest) {
    steps.push({ event, state: getNextSnapshot(appMachine, steps[steps.length - 1].state, event as never) as AppSnapshot });
  }
  return { ...path, steps, state: steps[steps.length - 1].state };
}

describe('app.machine: session life cycles (simple paths without navigation)', () => {
  // Planned on the coarser graph, whose states stand for many snapshots: each step's expected
  // state is computed again from its event, so the walk checks the real one (notice included).
  const { paths: sessions, error } = pathsOrError(() => simplePaths(sessionModel, sessionEvents).map(replanned));
  it('has session paths', () => {
    if (error) throw error;
    expect(sessions.length).toBeGreaterThan(10);
  });
  for (const path of sessions) {
    it(harness.describe(path), async () => {
      await harness.walk(path);
    });
  }
});

describe('app.machine: SPEC §4 and §8 scenarios', () => {
  it('start-up success: signed in without a login screen, nothing written back', async () => {
    const { final, effects } = await replay(pathEndingWith('xstate.done.actor.loadStoredAuth'));
    expect(stateName(final)).toBe('loggedIn.browsing');
    expect(final.context.session).not.toBeNull();
    expect(final.context.location).toBe('/dashboard');
    expect(effects.clearStoredAuth).toBe(0);
    expect(effects.warn).toEqual([]);
  });

  it.each([NO_CREDENTIALS, INVALID_TOKEN])("start-up failure '$message': warning, reset, login screen", async (err) => {
    const path = pathEndingWith(
      'xstate.error.actor.loadStoredAuth',
      (p) => (lastEvent(p).error as Error).message === err.message,
    );
    const { final, effects } = await replay(path);
    expect(stateName(final)).toBe('loggedOut');
    expect(final.context.session).toBeNull();
    expect(final.context.location).toBe('/login');
    expect(final.context.loginError).toBeNull();
    expect(effects.clearStoredAuth).toBe(1);
    expect(effects.warn).toHaveLength(1);
    expect(String(effects.warn[0])).toContain(err.message);
  });

  it('login ok: session stored, back to where the user wanted to go', async () => {
    const path = pathEndingWith('xstate.done.actor.login', (p) => lastFrom(p).context.afterLogin === '/users/5');
    const { final, effects } = await replay(path);
    expect(stateName(final)).toBe('loggedIn.browsing');
    expect(final.context.location).toBe('/users/5');
    expect(effects.storeSession).toHaveLength(1);
    expect(effects.login).toEqual([{ username: 'acme-engineer', password: 'jigboard-demo' }]);
  });

  it('login failed: the message for the form, still logged out', async () => {
    const { final, effects } = await replay(pathEndingWith('xstate.error.actor.login'));
    expect(stateName(final)).toBe('loggedOut');
    expect(final.context.loginError).toBe('Wrong username or password.');
    expect(final.context.location).toBe('/login');
    expect(effects.storeSession).toEqual([]);
  });

  it.each(['done', 'error'])('logout %s: storage cleared, session gone, login screen', async (outcome) => {
    const { final, effects, last } = await replay(pathEndingWith(`xstate.${outcome}.actor.logout`));
    expect(stateName(final)).toBe('loggedOut');
    expect(final.context.session).toBeNull();
    expect(final.context.location).toBe('/login');
    expect(effects.logout).toHaveLength(1);
    expect(last.clearStoredAuth).toBe(1);
    expect(last.syncUrl).toHaveLength(1);
    // A failed call is only logged.
    expect(last.warn).toHaveLength(outcome === 'error' ? 1 : 0);
  });

  it('session.expired: storage cleared, login screen, back to the same place after login', async () => {
    const path = pathEndingWith('session.expired', (p) => lastFrom(p).matches('loggedIn'));
    const before = lastFrom(path).context.location;
    const { final, effects } = await replay(path);
    expect(stateName(final)).toBe('loggedOut');
    expect(final.context.location).toBe('/login');
    expect(final.context.afterLogin).toBe(before);
    expect(effects.clearStoredAuth).toBe(1);
  });

  it('guard: a company user asking for /manage is sent to the dashboard; a superadmin may go', async () => {
    const asked = (user: string) => (p: AppPath) =>
      lastFrom(p).matches('loggedIn') && lastFrom(p).context.session?.user.username === user && lastEvent(p).to === '/manage/companies';
    const engineer = await replay(pathEndingWith('nav.request', asked('acme-engineer')));
    expect(engineer.final.context.location).toBe('/dashboard');
    const admin = await replay(pathEndingWith('nav.request', asked('admin')));
    expect(admin.final.context.location).toBe('/manage/companies');
  });

  it('a malformed typed URL does not stop the machine', () => {
    const actor = createActor(appMachine, { input: { location: '/users/%zz' } }).start();
    actor.send({ type: 'nav.request', to: '/users/%E0%A4%A' });
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });
});

const asking = (type: string, to?: string) => (p: AppPath) => {
  const pending = lastFrom(p).context.pendingLeave;
  return pending?.type === type && (to === undefined || ('to' in pending && pending.to === to));
};

describe('app.machine: leaving a screen with unsaved input', () => {
  it('a click asks first and changes nothing until the user answers', async () => {
    const path = pathEndingWith('nav.request', (p) => stateName(lastFrom(p)) === 'loggedIn.browsing' && !!lastFrom(p).context.block && lastEvent(p).to === '/users/5');
    const before = lastFrom(path).context.location;
    const { final, last } = await replay(path);
    expect(stateName(final)).toBe('loggedIn.confirmingLeave');
    expect(final.context.location).toBe(before);
    expect(final.context.block).toEqual({ reason: BLOCK_REASON });
    expect(last.syncUrl).toEqual([]);
  });

  it('Leave after a click: the block goes, the link is followed and pushed', async () => {
    const { final, last } = await replay(pathEndingWith('leave.confirm', asking('nav.request', '/users/5')));
    expect(stateName(final)).toBe('loggedIn.browsing');
    expect(final.context.location).toBe('/users/5');
    expect(final.context.block).toBeNull();
    expect(last.syncUrl).toEqual([false]);
  });

  it('Stay after a click: same page, still guarded, the URL untouched', async () => {
    const path = pathEndingWith('leave.cancel', asking('nav.request'));
    const before = lastFrom(path).context.location;
    const { final, last } = await replay(path);
    expect(stateName(final)).toBe('loggedIn.browsing');
    expect(final.context.location).toBe(before);
    expect(final.context.block).toEqual({ reason: BLOCK_REASON });
    expect(last.syncUrl).toEqual([]);
  });

  it('Back: Leave accepts what the browser shows; Stay pushes the page shown back on top', async () => {
    const leave = await replay(pathEndingWith('leave.confirm', asking('nav.popstate', '/users/5')));
    expect(leave.final.context.location).toBe('/users/5');
    expect(leave.last.syncUrl).toEqual([true]);
    const stayPath = pathEndingWith('leave.cancel', asking('nav.popstate'));
    const stay = await replay(stayPath);
    expect(stay.final.context.location).toBe(lastFrom(stayPath).context.location);
    expect(stay.last.syncUrl).toEqual([false]);
  });

  it('logout asks too: Leave logs out, Stay keeps the session', async () => {
    const leave = await replay(pathEndingWith('leave.confirm', asking('logout')));
    expect(stateName(leave.final)).toBe('loggingOut');
    expect(leave.last.logout).toHaveLength(1);
    expect(leave.final.context.block).toBeNull();
    const stay = await replay(pathEndingWith('leave.cancel', asking('logout')));
    expect(stateName(stay.final)).toBe('loggedIn.browsing');
    expect(stay.effects.logout).toEqual([]);
  });

  it('a replace, a change of the query alone, or the location already shown needs no question', async () => {
    const blocked = (p: AppPath) => stateName(lastFrom(p)) === 'loggedIn.browsing' && !!lastFrom(p).context.block;
    const replaced = await replay(pathEndingWith('nav.request', (p) => blocked(p) && lastEvent(p).replace === true));
    expect(stateName(replaced.final)).toBe('loggedIn.browsing');
    expect(replaced.final.context.location).toBe('/users/5');
    expect(replaced.last.syncUrl).toEqual([true]);
    const same = await replay(pathEndingWith('nav.request', (p) => blocked(p) && lastEvent(p).to === lastFrom(p).context.location));
    expect(stateName(same.final)).toBe('loggedIn.browsing');
    // The next page of a table on the blocking page: pushed (Back returns to page 1), not asked.
    const paged = await replay(
      pathEndingWith('nav.request', (p) => blocked(p) && lastFrom(p).context.location === '/users/5' && lastEvent(p).to === '/users/5?page=2'),
    );
    expect(stateName(paged.final)).toBe('loggedIn.browsing');
    expect(paged.final.context.location).toBe('/users/5?page=2');
    expect(paged.last.syncUrl).toEqual([false]);
  });

  it('session.expired while asking ends the session without a question and clears the block', async () => {
    const { final } = await replay(pathEndingWith('session.expired', (p) => stateName(lastFrom(p)) === 'loggedIn.confirmingLeave'));
    expect(stateName(final)).toBe('loggedOut');
    expect(final.context.block).toBeNull();
    expect(final.context.pendingLeave).toBeNull();
  });

  it('the screen unblocking while the user is asked does what they asked for', async () => {
    const { final } = await replay(pathEndingWith('nav.unblock', asking('nav.request', '/users/5')));
    expect(stateName(final)).toBe('loggedIn.browsing');
    expect(final.context.location).toBe('/users/5');
    expect(final.context.block).toBeNull();
  });
});

describe('app.machine: session.started (registered by invitation)', () => {
  it('stores the session and opens the project, replacing the register page', async () => {
    const path = pathEndingWith('session.started', (p) => stateName(lastFrom(p)) === 'loggedOut' && lastEvent(p).to === '/projects/7');
    const { final, last } = await replay(path);
    expect(stateName(final)).toBe('loggedIn.browsing');
    expect(final.context.session).toEqual(engineerSession);
    expect(final.context.location).toBe('/projects/7');
    expect(last.storeSession).toEqual([engineerSession]);
    expect(last.syncUrl).toEqual([true]);
  });

  it('goes through the guard: a company user is not let into /manage', async () => {
    const path = pathEndingWith(
      'session.started',
      (p) => stateName(lastFrom(p)) === 'loggedOut' && lastEvent(p).to === '/manage/companies' && lastEvent(p).session === engineerSession,
    );
    const { final } = await replay(path);
    expect(final.context.location).toBe('/dashboard');
  });

  it('is ignored while someone is signed in', async () => {
    const path = pathEndingWith('session.started', (p) => stateName(lastFrom(p)) === 'loggedIn.browsing');
    const { final, last } = await replay(path);
    expect(final.context.session).toEqual(lastFrom(path).context.session);
    expect(last.storeSession).toEqual([]);
  });
});

const noticeOf = (p: AppPath) => lastFrom(p).context.notice?.reason ?? null;
const SESSION_ENDED = 'Your session has ended. Log in again to continue.';
const LOGGED_OUT_ELSEWHERE = 'You logged out in another tab.';
const ADMIN_ONLY = "The management area is for Jigboard's administrators.";

describe('app.machine: sessions ended elsewhere and redirects say why', () => {
  it('another tab logged out: the login screen says so, no server call, nothing told back', async () => {
    const path = pathEndingWith(
      'session.ended',
      (p) => lastEvent(p).reason === 'logout' && stateName(lastFrom(p)) === 'loggedIn.browsing' && lastFrom(p).context.location === '/users/5',
    );
    const { final, last } = await replay(path);
    expect(stateName(final)).toBe('loggedOut');
    expect(final.context.location).toBe('/login');
    expect(final.context.notice?.text).toBe(LOGGED_OUT_ELSEWHERE);
    expect(final.context.afterLogin).toBe('/users/5');
    expect(last.logout).toEqual([]);
    expect(last.broadcastSessionEnd).toEqual([]);
    expect(last.clearStoredAuth).toBe(1);
  });

  it('another tab had its token refused: the session has ended, here too', async () => {
    const { final, last } = await replay(pathEndingWith('session.ended', (p) => lastEvent(p).reason === 'expired' && lastFrom(p).matches('loggedIn')));
    expect(final.context.notice?.text).toBe(SESSION_ENDED);
    expect(last.broadcastSessionEnd).toEqual([]);
  });

  it('after a session ended elsewhere, logging in returns to the page and the notice goes', async () => {
    const path = pathEndingWith(
      'xstate.done.actor.login',
      (p) => noticeOf(p) === 'loggedOutElsewhere' && lastFrom(p).context.afterLogin === '/users/5',
    );
    const { final } = await replay(path);
    expect(final.context.location).toBe('/users/5');
    expect(final.context.notice).toBeNull();
  });

  it('a refused token says the session has ended and tells the other tabs', async () => {
    const { final, last } = await replay(pathEndingWith('session.expired', (p) => lastFrom(p).matches('loggedIn')));
    expect(final.context.notice?.text).toBe(SESSION_ENDED);
    expect(last.broadcastSessionEnd).toEqual(['expired']);
  });

  it('a logout here tells the other tabs it was a logout, and explains nothing here', async () => {
    const { final, last } = await replay(pathEndingWith('xstate.done.actor.logout'));
    expect(last.broadcastSessionEnd).toEqual(['logout']);
    expect(final.context.notice).toBeNull();
  });

  it('another tab logged in: a logged-out tab goes where a login would have, storing nothing', async () => {
    const path = pathEndingWith(
      'session.restored',
      (p) => stateName(lastFrom(p)) === 'loggedOut' && lastFrom(p).context.afterLogin === '/users/5' && noticeOf(p) === 'loggedOutElsewhere',
    );
    const { final, last } = await replay(path);
    expect(stateName(final)).toBe('loggedIn.browsing');
    expect(final.context.location).toBe('/users/5');
    expect(final.context.notice).toBeNull();
    expect(last.storeSession).toEqual([]);
    const ignored = await replay(pathEndingWith('session.restored', (p) => stateName(lastFrom(p)) === 'loggingIn'));
    expect(stateName(ignored.final)).toBe('loggingIn');
  });

  it('a company user sent away from /manage is told why, until they go to another screen', async () => {
    const engineerAt = (p: AppPath) => lastFrom(p).context.session?.user.username === 'acme-engineer' && !isSuperadminNow(p);
    const sent = await replay(pathEndingWith('nav.request', (p) => engineerAt(p) && lastEvent(p).to === '/manage/companies' && noticeOf(p) === null));
    expect(sent.final.context.location).toBe('/dashboard');
    expect(sent.final.context.notice?.text).toBe(ADMIN_ONLY);
    const stays = await replay(pathEndingWith('nav.request', (p) => noticeOf(p) === 'adminOnly' && lastEvent(p).to === '/dashboard' && !lastFrom(p).context.block));
    expect(stays.final.context.notice?.text).toBe(ADMIN_ONLY);
    const goes = await replay(pathEndingWith('nav.request', (p) => noticeOf(p) === 'adminOnly' && lastEvent(p).to === '/users/5' && !lastFrom(p).context.block));
    expect(goes.final.context.location).toBe('/users/5');
    expect(goes.final.context.notice).toBeNull();
  });

  it('a company user opening a /manage link in a new tab is told why on the dashboard', async () => {
    const path = pathEndingWith(
      'xstate.done.actor.loadStoredAuth',
      (p) => lastFrom(p).context.location === '/manage/companies' && lastEvent(p).output === engineerSession,
    );
    const { final } = await replay(path);
    expect(final.context.location).toBe('/dashboard');
    expect(final.context.notice?.text).toBe(ADMIN_ONLY);
  });
});

const isSuperadminNow = (p: AppPath) => lastFrom(p).context.session?.user.roles.some((r) => r.slug === 'superadmin') ?? false;

describe('app.machine: coverage', () => {
  it('reached every state and executed every transition and graph edge', () => {
    harness.expectAllWalked();
    const edges = allEdges.map((p) => p.edge);
    console.log(`app.machine: graph edges ${edges.filter((e) => walkedEdges.has(e)).length}/${edges.length} over ${bySource.size} graph states`);
    expect(edges.filter((e) => !walkedEdges.has(e))).toEqual([]);
    // The SPEC checklist: each of these happened on some replayed step.
    for (const scenario of [
      'loadStoredAuth.done',
      'loadStoredAuth.error(No credentials available.)',
      'loadStoredAuth.error(Invalid token.)',
      'login.done',
      'login.error(Wrong username or password.)',
      'logout.done',
      'logout.error(Network Error)',
      'session.expired',
      'session.ended(logout)',
      'session.ended(expired)',
      'session.ended ignored',
      'session.restored',
      'session.restored ignored',
      'nav.request redirected (adminOnly)',
      'user.updated',
      'nav.request allowed',
      'nav.request redirected',
      'nav.popstate allowed',
      'nav.popstate redirected',
      'login.submit ignored',
      'logout ignored',
      'session.started',
      'session.started ignored',
      'nav.block',
      'nav.unblock',
      'nav.request held',
      'nav.popstate held',
      'logout held',
      'nav.request allowed while blocked',
      'session.expired while blocked',
      'nav.request while asking(nav.request) ignored',
      'nav.popstate while asking(nav.request)',
      'logout while asking(nav.request) ignored',
      ...['nav.request', 'nav.popstate', 'logout'].flatMap((pending) => [
        `leave.confirm while asking(${pending})`,
        `leave.cancel while asking(${pending})`,
        `nav.unblock while asking(${pending})`,
        `session.expired while asking(${pending})`,
        `session.ended while asking(${pending})`,
        `user.updated while asking(${pending})`,
      ]),
    ]) {
      expect(scenarios, scenario).toContain(scenario);
    }
  });
});

// An operator alone lands on the station; each step is checked by the oracle like the graph's.
describe("app.machine: an operator's home is the station", () => {
  const start = 'at /';
  const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
  const noStoredLogin = { type: 'xstate.error.actor.loadStoredAuth', error: NO_CREDENTIALS };

  it('a stored login at / opens the station; the dashboard and the login screen as asked', async () => {
    const { final } = await replay(
      pathOfEvents(appModel, start, [
        done('loadStoredAuth', operatorSession),
        { type: 'nav.request', to: '/dashboard' },
        { type: 'nav.request', to: '/login' },
      ]),
    );
    expect(final.context.location).toBe('/station');
  });

  it('a login from / lands on the station', async () => {
    const { final } = await replay(pathOfEvents(appModel, start, [noStoredLogin, { type: 'login.submit', username: 'acme-operator', password: 'x' }, done('login', operatorSession)]));
    expect(final.context.location).toBe('/station');
  });

  it('the management area sends an operator back to the station, saying why', async () => {
    const { final } = await replay(pathOfEvents(appModel, start, [done('loadStoredAuth', operatorSession), { type: 'nav.request', to: '/manage/companies' }]));
    expect(final.context.location).toBe('/station');
    expect(final.context.notice?.reason).toBe('adminOnly');
  });
});

/** A coarse name for what a step did, for the scenario checklist. */
function scenarioName(prev: AppSnapshot, event: ModelEvent, next: AppSnapshot) {
  const m = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (m) return `${m[2]}.${m[1]}${m[1] === 'error' ? `(${(event.error as Error).message})` : ''}`;
  const from = stateName(prev);
  const pending = prev.context.pendingLeave;
  const ignored = prev.value === next.value && prev.context === next.context;
  if (from === 'loggedIn.confirmingLeave') {
    return `${event.type} while asking${pending ? `(${pending.type})` : ''}${ignored ? ' ignored' : ''}`;
  }
  if (from === 'loggedIn.browsing' && stateName(next) === 'loggedIn.confirmingLeave') return `${event.type} held`;
  if (event.type.startsWith('nav.') && 'to' in event && from !== 'starting') {
    const why = next.context.location !== event.to && next.context.notice ? ` (${next.context.notice.reason})` : '';
    return `${event.type} ${next.context.location === event.to ? 'allowed' : 'redirected'}${prev.context.block ? ' while blocked' : ''}${why}`;
  }
  if (event.type === 'session.ended') return `session.ended${ignored ? ' ignored' : `(${event.reason})`}`;
  return `${event.type}${ignored ? ' ignored' : ''}${prev.context.block && event.type === 'session.expired' ? ' while blocked' : ''}`;
}
