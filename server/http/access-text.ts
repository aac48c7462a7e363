import type { Permission } from '../../contract/permissions';
import type { ScopeName } from './scopes';

/** What a 403 says, per permission: the person learns which role would have let them. */
export const FORBIDDEN_MESSAGES: Record<Permission, string> = {
  public: 'Not allowed.',
  jig: 'Not allowed.',
  read: 'Not allowed.',
  'company.read': "Only people of the owning company may see this.",
  'production.edit': 'Only an admin or engineer of the company may change this.',
  'jigs.edit': "Only an admin or engineer of the company may change a jig's settings.",
  'station.scan': 'Only an operator, engineer or admin of the company may scan boards at its jigs.',
  'repair.record': 'Only an operator, engineer or admin of the company may record a repair.',
  'cartridge.maintain': "Only an operator, engineer or admin of the company may record a cartridge's maintenance.",
  'company.manage': 'Only an admin of the company may change this.',
  'users.manage': 'Only an admin of the company may add users or change roles.',
  'user.edit': 'You may not edit this user.',
  platform: 'Only a superadmin may do this.',
};

const WHO: Record<Permission, string> = {
  public: 'Public: no login needed.',
  jig: 'A provisioned jig: the `x-jig-signature` header (HMAC-SHA256 of its serial with its secret).',
  read: 'Any logged-in user who sees the row.',
  'company.read': "People of the row's owning company, and superadmins.",
  'production.edit': "Admins and engineers of the row's owning company, and superadmins.",
  'jigs.edit': "Admins and engineers of the row's owning company, and superadmins.",
  'station.scan': "Operators, engineers and admins of the row's owning company, and superadmins.",
  'repair.record': "Operators, engineers and admins of the row's owning company, and superadmins.",
  'cartridge.maintain': "Operators, engineers and admins of the row's owning company, and superadmins.",
  'company.manage': "Admins of the row's owning company, and superadmins.",
  'users.manage': "Admins of the row's owning company, and superadmins.",
  'user.edit': 'The user themself, admins of their company, and superadmins.',
  platform: 'Superadmins only.',
};

const ROW: Record<ScopeName, string> = {
  company: 'the company `:id`',
  project: 'the project `:id` (its company, and members of other companies who joined it)',
  productionBatch: "the production batch `:id`, through its project",
  releaseBatch: "the release batch `:id`, through its project",
  device: "the device `:id`, through its project",
  report: "the device report `:id`, through its project",
  invite: "the invitation `:id`, through its project",
  user: 'the user `:id` (`me` is the caller)',
  cassette: 'the cassette `:id`, through its company',
  cartridge: "the cartridge `:id`, through the company of the cassette it sits in (one on the shelf: superadmins only)",
  cassetteConfiguration: 'the cassette configuration `:id`, through its project',
  selectedCartridge: "a project's selected cartridge `:id`, through its project",
  enclosureSetting: "the enclosure setting `:id`, through its company (a jig that has left the company has none there)",
  jig: 'the jig (enclosure) `:id`, through its present company',
  testProfile: 'the test profile `:id`, through its project',
  testConfiguration: "the test profile's step `:id`, through its profile's project",
  testFile: "the test profile's file `:id`, through its profile's project",
  testVariable: "the test profile's variable `:id`, through its profile's project",
  failureCode: 'the failure code `:id`, through its company',
  repair: "the repair `:id`, through its board's project",
  goldenUnit: "the golden unit `:id`, through its project",
  alertRule: "the alert rule `:id`, through its project",
  notification: 'the notification `:id`: its person alone (superadmins included)',
};

/** The access line of a route's OpenAPI description. */
export function accessText(access: Permission, scope: ScopeName | undefined): string {
  const row = scope ? ` Scope: ${ROW[scope]}; a row the caller may not see answers 404.` : '';
  return `**Access:** ${WHO[access]}${row}`;
}
