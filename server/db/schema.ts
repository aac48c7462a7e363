import type { ColumnType, Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Timestamps are ISO-8601 UTC strings on both dialects, so they
 * sort and compare as text and read back without time-zone surprises.
 *
 * A resource's own table is declared by its store instead, merged into `DB` so this file needs
 * no edit (server/store/enclosure-updates.ts):
 *
 *   declare module '../db/schema' {
 *     interface DB { enclosure_updates: EnclosureUpdatesTable }
 *   }
 *
 * The type then exists wherever the store is part of the program: always in the server, and in
 * a test that reads the table itself once it imports the store's table type.
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

export interface DB extends ProductionDB, FilesDB, CatalogueDB, RequestsDB, HardwareDB, TestProfilesDB {
  company_types: CompanyTypesTable;
  companies: CompaniesTable;
  roles: RolesTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  auth_tokens: AuthTokensTable;
  login_failures: LoginFailuresTable;
  service_tokens: ServiceTokensTable;
}

/** A company's token for a script (migration 031): it acts as its own account, user_id. */
export interface ServiceTokensTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  name: string;
  role: string;
  /** sha256 (hex) of the secret part: a database copy holds no usable token. */
  secret_hash: string;
  created_by: number | null;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface EnclosuresTable {
  id: Generated<number>;
  serial: string;
  name: string;
  company_id: number | null;
  provisioning: string;
  /** sha256 (hex) of the jig's signature: the key jig calls are looked up by. */
  signature_hash: string;
  firmware_version: string | null;
  last_seen_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProjectsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  description: Generated<string>;
  status: Generated<string>;
  request_id: number | null;
  device_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ManufacturersTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  contact_email: string | null;
  company_id: number | null;
  created_at: string;
}

export interface ProductionBatchesTable {
  id: Generated<number>;
  project_id: number;
  manufacturer_id: number;
  name: string;
  planned_quantity: number;
  status: Generated<string>;
  device_count: Generated<number>;
  untested_count: Generated<number>;
  passed_count: Generated<number>;
  failed_count: Generated<number>;
  released_count: Generated<number>;
  scrapped_count: Generated<number>;
  tested_count: Generated<number>;
  first_pass_count: Generated<number>;
  /** Boards that passed on their first or second run (migration 014). */
  second_pass_count: Generated<number>;
  /** Tested boards standing passed or released: their latest verdict a pass (migration 014). */
  last_pass_count: Generated<number>;
  report_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface DevicesTable {
  id: Generated<number>;
  project_id: number;
  production_batch_id: number;
  serial: string;
  /** lower(serial): prefix search and per-project uniqueness. */
  serial_key: string;
  status: Generated<string>;
  /** null until tested; 1 when the first report passed, else 0. */
  first_pass: number | null;
  /** The run (1, 2, …, in stored order) that first passed; null until one did (migration 014). */
  pass_attempt: number | null;
  last_result: string | null;
  report_count: Generated<number>;
  tested_at: string | null;
  /** Boards built together on one panel share it (migration 009); null when not known. */
  panel_id: string | null;
  created_at: string;
  updated_at: string;
  /** 1 while the board waits for repair (migration 022). */
  in_repair: Generated<number>;
  /** report_count when its last repair was done: attempts of this repair cycle are the difference (migration 022). */
  repair_base_count: Generated<number>;
}

export interface DeviceReportsTable {
  id: Generated<number>;
  uuid: string;
  device_id: number;
  project_id: number;
  company_id: number;
  production_batch_id: number;
  enclosure_id: number | null;
  test_profile: string | null;
  test_profile_version: string | null;
  result: string;
  started_at: string;
  finished_at: string;
  step_count: Generated<number>;
  failed_step_count: Generated<number>;
  /** JSON array of contract ReportStep. */
  steps: Generated<string>;
  created_at: string;
  /** The test profile version the report ran (migration 013), when the project has it. */
  test_profile_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The operator whose scan led to this run (migration 022). */
  operator_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** contract OUT_OF_POLICY: stored although the board should not have been tested (migration 022). */
  out_of_policy: ColumnType<string | null, string | null | undefined, string | null>;
  /** The fixture it ran on (migration 023, store/fixtures.ts); null for older reports. */
  fixture_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ReportDailyStatsTable {
  company_id: number;
  project_id: number;
  production_batch_id: number;
  day: string;
  reports: Generated<number>;
  passed: Generated<number>;
  failed: Generated<number>;
  errors: Generated<number>;
  first_tests: Generated<number>;
  first_passes: Generated<number>;
  /** Of the boards first tested in this row (migration 014): passed by their second run, and standing passed now. */
  second_passes: Generated<number>;
  last_passes: Generated<number>;
}

export interface StepFailureDailyTable {
  company_id: number;
  project_id: number;
  day: string;
  step_name: string;
  failures: Generated<number>;
}

/** report_daily_stats split by the report's jig and test profile (migration 008): what filtered statistics read. */
export interface ReportDailySlicesTable {
  company_id: number;
  project_id: number;
  production_batch_id: number;
  day: string;
  /** 0: the report named no jig. */
  enclosure_id: number;
  /** '': none given. */
  test_profile: string;
  test_profile_version: string;
  reports: Generated<number>;
  passed: Generated<number>;
  failed: Generated<number>;
  errors: Generated<number>;
  first_tests: Generated<number>;
  first_passes: Generated<number>;
  /** Of the boards first tested in this row (migration 014): passed by their second run, and standing passed now. */
  second_passes: Generated<number>;
  last_passes: Generated<number>;
}

/** Failing runs per step, split by batch, jig and test profile (migration 008). */
export interface StepFailureDailySlicesTable {
  company_id: number;
  project_id: number;
  production_batch_id: number;
  day: string;
  enclosure_id: number;
  test_profile: string;
  test_profile_version: string;
  step_name: string;
  failures: Generated<number>;
}

/** A step's measurement aggregates per day, batch, jig and profile version (migration 027). */
export interface StepMeasureDailyTable {
  company_id: number;
  project_id: number;
  test_profile: string;
  test_profile_version: string;
  step_name: string;
  day: string;
  production_batch_id: number;
  enclosure_id: number;
  runs: Generated<number>;
  fails: Generated<number>;
  n: Generated<number>;
  mean: Generated<number>;
  m2: Generated<number>;
  min: number | null;
  max: number | null;
  pass_n: Generated<number>;
  pass_mean: Generated<number>;
  pass_m2: Generated<number>;
}

/** Which boards of a project ever failed which step (migration 008): the devices list's failing_step. */
export interface DeviceStepFailuresTable {
  project_id: number;
  step_name: string;
  device_id: number;
}

export interface EnclosureDailyStatsTable {
  enclosure_id: number;
  company_id: number;
  day: string;
  reports: Generated<number>;
}

export interface ReleaseBatchesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  /** 'draft' | 'released' */
  status: Generated<string>;
  device_count: Generated<number>;
  released_at: string | null;
  released_by: number | null;
  /**
   * The highest board id whose own status the release's catch-up has written (0: none yet);
   * null once every board of the batch says "released" itself, and for drafts (migration 017).
   */
  catch_up_from: Generated<number | null>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/**
 * A board picked for a release batch (migration 016): at most one batch per board (the key).
 * `serial_key` is the board's, copied for a shipment's serial order; corrections keep it equal.
 */
export interface ReleaseBatchPicksTable {
  device_id: number;
  release_batch_id: number;
  serial_key: string;
  /** The board's, copied like its serial (migration 018): a release batch's production batches from its picks alone. */
  production_batch_id: number;
}

export interface InvitesTable {
  id: Generated<number>;
  project_id: number;
  email: string;
  /** A company role slug. */
  role: string;
  manufacturer_id: number | null;
  /** 'pending' | 'accepted' | 'revoked'; expiry is read from expires_at. */
  status: Generated<string>;
  token_hash: string;
  expires_at: string;
  invited_by: number | null;
  accepted_by: number | null;
  accepted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProjectMembersTable {
  project_id: number;
  user_id: number;
  invite_id: number | null;
  created_at: string;
}

export interface ProductionDB {
  enclosures: EnclosuresTable;
  projects: ProjectsTable;
  manufacturers: ManufacturersTable;
  production_batches: ProductionBatchesTable;
  devices: DevicesTable;
  device_reports: DeviceReportsTable;
  report_daily_stats: ReportDailyStatsTable;
  step_failure_daily: StepFailureDailyTable;
  report_daily_slices: ReportDailySlicesTable;
  step_failure_daily_slices: StepFailureDailySlicesTable;
  device_step_failures: DeviceStepFailuresTable;
  step_measure_daily: StepMeasureDailyTable;
  enclosure_daily_stats: EnclosureDailyStatsTable;
  release_batches: ReleaseBatchesTable;
  release_batch_picks: ReleaseBatchPicksTable;
  invites: InvitesTable;
  project_members: ProjectMembersTable;
}

/** Uploaded files' metadata, whichever back end holds the bytes (server/files/). */
export interface FilesTable {
  /** A random UUID, also the name on disk. */
  id: string;
  name: string;
  type: string;
  /** bigint on PostgreSQL, which `pg` reads back as a string. */
  size: ColumnType<number | string, number, number>;
  sha256: string;
  /** 'folder' | 'postgres': the back end that holds the bytes. */
  backend: string;
  created_at: string;
}

/** The bytes of files the PostgreSQL back end holds, 1 MiB a row; this table exists only there. */
export interface FileChunksTable {
  file_id: string;
  seq: number;
  data: Buffer;
}

export interface FilesDB {
  files: FilesTable;
  file_chunks: FileChunksTable;
}

type Stamped = { created_at: string; updated_at: string };

/** The superadmin catalogue (migration 009). JSON columns hold text. */
export interface CatalogueDB {
  resource_types: { id: Generated<number>; name: string; description: Generated<string> } & Stamped;
  pin_types: { id: Generated<number>; name: string; description: Generated<string> } & Stamped;
  /** The pin types a resource type allows. */
  resource_type_pin_types: { resource_type_id: number; pin_type_id: number };
  cartridge_types: {
    id: Generated<number>;
    name: string;
    description: Generated<string>;
    /** Contact cycles a set of probes is rated for, and between cleanings (migration 023); null: not set. */
    rated_probe_life_cycles: ColumnType<number | null, number | null | undefined, number | null>;
    cleaning_interval_cycles: ColumnType<number | null, number | null | undefined, number | null>;
  } & Stamped;
  connector_pins: { id: Generated<number>; cartridge_type_id: number; number: number; name: string; pin_type_id: number | null } & Stamped;
  /** Which connector pin serves which resource type. */
  pin_map: { id: Generated<number>; resource_type_id: number; connector_pin_id: number; created_at: string };
  cartridge_type_firmware: {
    id: Generated<number>;
    cartridge_type_id: number;
    version: string;
    description: Generated<string>;
    file_id: string;
    created_by: number | null;
    created_at: string;
  };
  cassette_module_types: { id: Generated<number>; name: string; ams_type: string; description: Generated<string> } & Stamped;
  cassettes: {
    id: Generated<number>;
    serial: string;
    name: string;
    company_id: number | null;
    enclosure_id: number | null;
    module_slots: Generated<number>;
    cartridge_bays: Generated<number>;
  } & Stamped;
  cassette_modules: { id: Generated<number>; cassette_id: number; slot: number; cassette_module_type_id: number };
  cartridges: {
    id: Generated<number>;
    serial: string;
    cartridge_type_id: number;
    cassette_id: number | null;
    bay: number | null;
    /** The newest calibration's due date (YYYY-MM-DD); null when never calibrated. */
    calibration_due_at: string | null;
    /** Reports run on a fixture it was part of (migration 023): a counter ingestion keeps. */
    contact_cycles: Generated<number>;
    /** contact_cycles when it was last cleaned, and when its probes were last replaced. */
    cycles_at_cleaning: Generated<number>;
    cycles_at_probe_change: Generated<number>;
  } & Stamped;
  calibrations: {
    id: Generated<number>;
    cartridge_id: number;
    calibrated_at: string;
    due_at: string;
    result: string;
    /** JSON: [{ name, value, unit }] */
    values: Generated<string>;
    notes: Generated<string>;
    certificate_file_id: string | null;
    created_by: number | null;
    created_at: string;
  };
  test_function_types: { id: Generated<number>; slug: string; name: string };
  test_functions: {
    id: Generated<number>;
    name: string;
    test_function_type_id: number;
    description: Generated<string>;
    /** JSON: [{ name, unit, default_low, default_high }] */
    parameters: Generated<string>;
  } & Stamped;
}

/** Project requests and their processing (migration 010). Lengths in mm. */
export interface RequestsDB {
  project_requests: {
    id: Generated<number>;
    company_id: number;
    projectname: string;
    projectdescription: Generated<string>;
    /** submitted | in_review | in_progress | completed | rejected */
    status: string;
    /** The furthest REQUEST_STEPS id a superadmin confirmed finished. */
    confirmed_step: string | null;
    rejected_reason: string | null;
    /** Design-for-test errors of the pogo board, recomputed with each pad change. */
    pogo_errors: Generated<number>;
    project_id: number | null;
    created_by: number | null;
    /** The superadmin who started (or last restarted) its review (migration 020). */
    reviewer_id: number | null;
    review_started_at: string | null;
  } & Stamped;
  request_files: { id: Generated<number>; request_id: number; file_id: string; created_at: string };
  test_pads: {
    id: Generated<number>;
    request_id: number;
    name: string;
    net: string | null;
    x: number;
    y: number;
    side: string;
    diameter: number | null;
    kind: string;
    group_id: number | null;
    created_at: string;
  };
  test_pad_groups: {
    id: Generated<number>;
    request_id: number;
    name: string;
    resource_type_id: number;
    selected_cartridge_id: number | null;
    connector_pin_id: number | null;
    selected_module_id: number | null;
  } & Stamped;
  selected_modules: { id: Generated<number>; request_id: number | null; project_id: number | null; cassette_module_type_id: number; slot: number; created_at: string };
  selected_cartridges: { id: Generated<number>; request_id: number | null; project_id: number | null; cartridge_type_id: number; bay: number; created_at: string };
}

/** A project's hardware (migration 012). */
export interface HardwareDB {
  /** One per project; its slots' module types and bays' cartridge types are the project's selected_modules / selected_cartridges. */
  cassette_configurations: {
    id: Generated<number>;
    project_id: number;
    company_id: number;
    name: string;
    module_slots: number;
    cartridge_bays: number;
    notes: Generated<string>;
  } & Stamped;
  /** A resource on one connector pin of a selected cartridge; one pin serves one resource. */
  test_resources: {
    id: Generated<number>;
    project_id: number;
    selected_cartridge_id: number;
    connector_pin_id: number;
    resource_type_id: number;
    selected_module_id: number | null;
    name: string;
    /** The request's pad group it was copied from. */
    test_pad_group_id: number | null;
    created_at: string;
  };
  project_cassettes: { id: Generated<number>; project_id: number; cassette_id: number; created_at: string };
}

/** Test profiles (migration 013). JSON columns hold text. */
export interface TestProfilesDB {
  test_profiles: {
    id: Generated<number>;
    project_id: number;
    name: string;
    version: string;
    description: Generated<string>;
    /** draft | active | archived */
    status: Generated<string>;
    copied_from_id: number | null;
    activated_at: string | null;
    created_by: number | null;
    /** Runs per board per repair cycle; null: no limit (migration 021). */
    attempt_limit: ColumnType<number | null, number | null | undefined, number | null>;
    /** JSON text of the run rule numbers its charts are judged by (migration 028). */
    run_rules: ColumnType<string, string | undefined, string>;
  } & Stamped;
  test_configurations: {
    id: Generated<number>;
    test_profile_id: number;
    position: number;
    name: string;
    test_function_id: number | null;
    /** JSON: [{ name, value }] */
    parameters: Generated<string>;
    low: number | null;
    high: number | null;
    unit: Generated<string>;
  } & Stamped;
  test_files: { id: Generated<number>; test_profile_id: number; file_id: string; created_by: number | null; created_at: string };
  test_variables: {
    id: Generated<number>;
    test_profile_id: number;
    name: string;
    type: string;
    value: string;
    /** JSON: the choices of an enum */
    choices: Generated<string>;
  } & Stamped;
}
