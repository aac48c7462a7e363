import type { Migration } from 'kysely';
import * as m001 from './001_accounts';
import * as m002 from './002_production';
import * as m003 from './003_releases_invites';
import * as m004 from './004_login_throttle';
import * as m005 from './005_files';
import * as m006 from './006_enclosure_updates';

/**
 * Every migration, imported rather than globbed from disk, so they run the same under tsx, in a
 * bundle or in tests. Add new ones at the end with the next number; never edit a shipped one.
 */
export const migrations: Record<string, Migration> = {
  '001_accounts': m001,
  '002_production': m002,
  '003_releases_invites': m003,
  '004_login_throttle': m004,
  '005_files': m005,
  '006_enclosure_updates': m006,
};
