import type { Kysely } from 'kysely';
import type { Owner } from '../../contract/permissions';
import type { Project } from '../../contract/projects';
import type { Caller } from '../auth/authenticate';
import { callerAsUser } from '../auth/authenticate';
import type { DB } from '../db/schema';
import { findBatchWithProject } from '../store/batches';
import { findCartridgeOwner } from '../store/cartridge-maintenance';
import { findCassette } from '../store/cassettes';
import { findCompany } from '../store/companies';
import { findConfigurationWithProject, findSelectedCartridgeWithProject } from '../store/hardware';
import { findDevice } from '../store/devices';
import { findEnclosureSetting } from '../store/enclosure-settings';
import { findFailureCode } from '../store/failure-codes';
import { findGoldenUnit } from '../store/golden-units';
import { findRepairOwner } from '../store/repairs';
import { findInviteWithProject } from '../store/invites';
import { findProject } from '../store/projects';
import { findReleaseBatchHeadWithProject } from '../store/release-batches';
import { findProfileWithProject, type ProfileFoundBy } from '../store/test-profiles';
import { findReportDetail } from '../store/reports';
import { findStationJig } from '../store/station-scans';
import { findUser } from '../store/users';
import { findNotification, findRule } from '../store/alerts';
import type { SharedReads } from './shared-reads';
import { parseId } from './validate';

/**
 * The row a route's `:id` names, and who owns it. A route declares its scope by name; the access
 * hook loads the row before the handler runs, judges the caller against its owner (404 when the
 * caller may not see it) and hands the row to the handler, so no handler looks a row up itself.
 */
type Found<T> = { row: T; owner: Owner } | undefined;
type Resolver<T> = (db: Kysely<DB>, id: number, caller: Caller | null) => Promise<Found<T>>;

const scope = <T>(resolve: Resolver<T>) => resolve;

/**
 * A row read with its project (one statement, joined): owned by the project's company, and
 * readable by the project's members. Every scope of a project's row judges it by this.
 */
const ownedByProject = <T extends { project: Project }>(row: T | undefined) => row && { row, owner: { company_id: row.project.company_id, project_id: row.project.id } };

/** A part of a test profile (a step, file or variable): its id with the profile it belongs to, judged by the project. */
const partOfProfile = async (db: Kysely<DB>, by: Exclude<ProfileFoundBy, 'test_profiles'>, id: number) => {
  const found = ownedByProject(await findProfileWithProject(db, by, id));
  return found && { row: { id, profile: found.row }, owner: found.owner };
};

export const SCOPES = {
  company: scope(async (db, id) => {
    const company = await findCompany(db, id);
    return company && { row: company, owner: { company_id: company.id } };
  }),
  project: scope(async (db, id) => {
    const project = await findProject(db, id);
    return project && { row: project, owner: { company_id: project.company_id, project_id: project.id } };
  }),
  // The batch, its project and its counters in one query: a batch route costs no second read.
  productionBatch: scope(async (db, id) => ownedByProject(await findBatchWithProject(db, id))),
  // The batch and its project in one query, like a production batch.
  releaseBatch: scope(async (db, id) => ownedByProject(await findReleaseBatchHeadWithProject(db, id))),
  device: scope(async (db, id) => {
    const found = await findDevice(db, id);
    return (
      found && {
        row: found.device,
        owner: { company_id: found.company_id, project_id: found.device.project_id },
      }
    );
  }),
  report: scope(async (db, id) => {
    const found = await findReportDetail(db, id);
    return found && { row: found.report, owner: { company_id: found.company_id, project_id: found.report.project_id } };
  }),
  invite: scope(async (db, id) => ownedByProject(await findInviteWithProject(db, id))),
  /** A test profile: its project's. */
  testProfile: scope(async (db, id) => ownedByProject(await findProfileWithProject(db, 'test_profiles', id))),
  /** A profile's step, file or variable: the row's id and its profile's, judged by the project. */
  testConfiguration: scope((db, id) => partOfProfile(db, 'test_configurations', id)),
  testFile: scope((db, id) => partOfProfile(db, 'test_files', id)),
  testVariable: scope((db, id) => partOfProfile(db, 'test_variables', id)),
  /** A cassette: its company's (one of no company is the platform's alone). */
  cassette: scope(async (db, id) => {
    const cassette = await findCassette(db, id);
    return cassette && { row: cassette, owner: { company_id: cassette.company?.id ?? -1 } };
  }),
  /** A cartridge: the company's whose cassette holds it (one on the shelf is the platform's alone). */
  cartridge: scope(async (db, id) => {
    const cartridge = await findCartridgeOwner(db, id);
    return cartridge && { row: cartridge, owner: { company_id: cartridge.company_id ?? -1 } };
  }),
  /** A project's cassette configuration: its project's. */
  cassetteConfiguration: scope(async (db, id) => ownedByProject(await findConfigurationWithProject(db, id))),
  /** A selected cartridge of a project (a request's, before its project exists, is not one here). */
  selectedCartridge: scope(async (db, id) => ownedByProject(await findSelectedCartridgeWithProject(db, id))),
  /** A company's settings of a jig: its company's, and only while the jig is that company's. */
  enclosureSetting: scope(async (db, id) => {
    const setting = await findEnclosureSetting(db, id);
    return setting && { row: setting, owner: { company_id: setting.company_id } };
  }),
  /** A jig (its enclosure id, as its reports name it) as its present company's station sees it. */
  jig: scope(async (db, id) => {
    const jig = await findStationJig(db, id);
    return jig && { row: jig, owner: { company_id: jig.company_id } };
  }),
  /** A failure code: its company's. */
  failureCode: scope(async (db, id) => {
    const code = await findFailureCode(db, id);
    return code && { row: code, owner: { company_id: code.company_id } };
  }),
  /** A project's golden unit: its project's company (engineers and admins edit it). */
  goldenUnit: scope(async (db, id) => {
    const unit = await findGoldenUnit(db, id);
    return unit && { row: unit, owner: { company_id: unit.company_id, project_id: unit.project_id } };
  }),
  /** A repair: its board's project's, readable by the project's members like the board. */
  repair: scope(async (db, id) => {
    const repair = await findRepairOwner(db, id);
    return repair && { row: repair, owner: { company_id: repair.company_id, project_id: repair.project_id } };
  }),
  /** A project's alert rule: its project's (members read, the company's engineers and admins change it). */
  alertRule: scope(async (db, id) => {
    const rule = await findRule(db, id);
    return rule && { row: rule, owner: { company_id: rule.company_id, project_id: rule.project_id } };
  }),
  /** A notification: its person's alone (no company sees another person's bell). */
  notification: scope(async (db, id) => {
    const found = await findNotification(db, id);
    return found && { row: found, owner: { company_id: -1, user_id: found.user_id } };
  }),
  /** `me` names the caller, so the app loads "the logged-in user" without knowing its id. */
  user: scope(async (db, id, caller) => {
    // The auth hook has just read exactly this user.
    const user = caller && id === caller.id ? callerAsUser(caller) : await findUser(db, id);
    return user && { row: user, owner: { company_id: user.company_id, user_id: user.id } };
  }),
};

export type ScopeName = keyof typeof SCOPES;
export type ScopeRow<S extends ScopeName> = NonNullable<Awaited<ReturnType<(typeof SCOPES)[S]>>>['row'];

/** The id a scoped route's `:id` names: a 404 for anything that cannot be one (never a 5xx). */
export function scopeId(scopeName: ScopeName, raw: string | undefined, caller: Caller | null): number {
  if (scopeName === 'user' && raw === 'me' && caller) return caller.id;
  return parseId(raw);
}

export async function resolveScope<S extends ScopeName>(
  db: Kysely<DB>,
  scopeName: S,
  raw: string | undefined,
  caller: Caller | null,
): Promise<Found<ScopeRow<S>>> {
  const resolve = SCOPES[scopeName] as Resolver<ScopeRow<S>>;
  return resolve(db, scopeId(scopeName, raw, caller), caller);
}

/**
 * The scope's row as `resolveScope` reads it, one read for the requests that ask for it at once
 * (shared-reads.ts), or read for this request alone without `reads`. The user scope is always
 * read per request: its row depends on the caller (`me`, and the caller's own row comes from the
 * auth hook without a read).
 */
export async function sharedScope<S extends ScopeName>(
  db: Kysely<DB>,
  reads: SharedReads | undefined,
  scopeName: S,
  raw: string | undefined,
  caller: Caller | null,
): Promise<Found<ScopeRow<S>>> {
  if (!reads || scopeName === 'user') return resolveScope(db, scopeName, raw, caller);
  const id = scopeId(scopeName, raw, caller);
  const resolve = SCOPES[scopeName] as Resolver<ScopeRow<S>>;
  return reads.read(`${scopeName}:${id}`, () => resolve(db, id, caller));
}
