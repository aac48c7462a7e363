import type { Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Timestamps are ISO-8601 UTC strings on both dialects, so they
 * sort and compare as text and read back without time-zone surprises.
 */
export interface CompanyTypesTable {
  id: Generated<number>;
  slug: string;
  name: string;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  type_id: number;
  created_at: string;
  updated_at: string;
}

export interface RolesTable {
  id: Generated<number>;
  slug: string;
  name: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  company_id: number;
  created_at: string;
  updated_at: string;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface AuthTokensTable {
  id: Generated<number>;
  /** sha256 of the token, hex: a stolen database copy holds no usable token. */
  token_hash: string;
  user_id: number;
  expires_at: string;
  created_at: string;
  last_used_at: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  /** Lower-cased, so `Admin` and `admin` share one budget. */
  username: string;
  ip: string;
  created_at: string;
}

export interface DB {
  company_types: CompanyTypesTable;
  companies: CompaniesTable;
  roles: RolesTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  auth_tokens: AuthTokensTable;
  login_failures: LoginFailuresTable;
}
