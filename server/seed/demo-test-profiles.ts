import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FileStore } from '../files/file-store';
import { storedValue } from '../store/test-profile-parts';
import { linkReports } from '../store/test-profiles';
import { motorControllerSteps, sensorHubSteps, type StepDef } from './programs';

/**
 * Acme's test profiles, matching what the demo jigs reported (demo-production.ts):
 * per project the version in use now active, the one before archived, and a draft of the next
 * one; steps with the reports' names and limits, variables and a setup file. The reports are
 * linked to the version they ran, so each active profile has its hundreds of reports and the
 * step statistics (Cpk) mean something.
 */

const DAY = 86_400_000;

/** Which catalogue function (demo-test-functions.ts) each step calls, with its parameters. */
const FUNCTIONS: Record<string, [fn: string, parameters: [string, string][]]> = {
  'Flash firmware': ['Flash MCU firmware', [['Clock', '4000'], ['Retries', '2']]],
  '3V3 rail': ['Rail voltage 3V3', [['Voltage', 'TP3']]],
  '5V rail': ['Rail voltage 5V', [['Voltage', 'TP5']]],
  'VBUS current': ['Supply current', [['Load current', 'full load']]],
  'Sleep current': ['Supply current', [['Idle current', 'sleep mode']]],
  'CAN loopback': ['CAN loopback', [['Bit rate', '500'], ['Frames', '100']]],
  'NTC temperature': ['Thermistor resistance', [['Ambient', '25']]],
  'RTC crystal': ['Crystal frequency', [['Frequency', 'RTC_OUT']]],
};

/**
 * The nets (pad groups, so test resources, of the project's board: demo-project-boards.ts) each
 * step measures, per profile. A step not listed measures no pads of its own.
 */
export const DEMO_STEP_NETS: Record<string, Record<string, string[]>> = {
  'MC-200 EOL': {
    'Flash firmware': ['SWDIO', 'SWCLK', 'NRST'],
    '3V3 rail': ['+3V3'],
    '5V rail': ['+5V'],
    '12V gate drive': ['+12V'],
    'VBUS current': ['VBUS_SENSE'],
    'CAN loopback': ['CAN_H', 'CAN_L'],
    'Phase current offset': ['PHASE_A', 'PHASE_B', 'PHASE_C'],
    'Hall sensor inputs': ['HALL_A', 'HALL_B', 'HALL_C'],
    'NTC temperature': ['TEMP_NTC'],
    'Encoder counts': ['ENC_A', 'ENC_B'],
  },
};

/** Links every version's steps to the test resources DEMO_STEP_NETS names (by the resource's name). */
export async function linkDemoStepResources(db: Kysely<DB>): Promise<number> {
  let linked = 0;
  for (const [profile, steps] of Object.entries(DEMO_STEP_NETS)) {
    const rows = await db
      .selectFrom('test_configurations as c')
      .innerJoin('test_profiles as p', 'p.id', 'c.test_profile_id')
      .innerJoin('test_resources as tr', 'tr.project_id', 'p.project_id')
      .select(['c.id as step', 'c.name as step_name', 'tr.id as resource', 'tr.name as resource_name'])
      .where('p.name', '=', profile)
      .execute();
    const links = rows.filter((r) => steps[r.step_name]?.includes(r.resource_name)).map((r) => ({ test_configuration_id: r.step, test_resource_id: r.resource }));
    if (links.length) await db.insertInto('test_configuration_resources').values(links).onConflict((oc) => oc.doNothing()).execute();
    linked += links.length;
  }
  return linked;
}

type DemoProfile = {
  project: string;
  name: string;
  description: string;
  steps: StepDef[];
  /** Oldest first: archived, active, draft. */
  versions: [archived: string, active: string, draft: string];
  variables: { name: string; type: 'int' | 'float' | 'string' | 'bool' | 'enum'; value: string | number | boolean; choices?: string[] }[];
  file: { name: string; text: string };
  /** The retest policy: runs a board gets per repair cycle before it goes to repair. */
  attemptLimit: number | null;
};

const PROFILES: DemoProfile[] = [
  {
    project: 'Motor controller MC-200',
    name: 'MC-200 EOL',
    description: 'End-of-line test after conformal coating: rails, gate drive, CAN, phase current sense, encoder.',
    steps: motorControllerSteps(),
    versions: ['1.3', '1.4', '1.5'],
    variables: [
      { name: 'supply_voltage', type: 'float', value: 48 },
      { name: 'retries', type: 'int', value: 2 },
      { name: 'log_waveforms', type: 'bool', value: false },
      { name: 'can_bitrate', type: 'enum', value: '500k', choices: ['125k', '250k', '500k', '1M'] },
      { name: 'operator_note', type: 'string', value: 'Fixture A: clean pogo pins every 500 boards.' },
    ],
    file: { name: 'mc200-eol-setup.json', text: '{ "fixture": "MC-200 rev C", "settle_ms": 250, "can_bitrate": 500000 }\n' },
    attemptLimit: 3,
  },
  {
    project: 'Sensor hub SH-10',
    name: 'SH-10 functional',
    description: 'Functional test before enclosure assembly: rails, sleep current, sensors on the bus, RTC.',
    steps: sensorHubSteps(),
    versions: ['2.0', '2.1', '2.2'],
    variables: [
      { name: 'sleep_settle_s', type: 'float', value: 1.5 },
      { name: 'imu_axes', type: 'int', value: 6 },
      { name: 'pressure_reference', type: 'enum', value: 'lab', choices: ['lab', 'sealed'] },
    ],
    file: { name: 'sh10-limits.txt', text: 'Sleep current <= 45 uA after 1.5 s\nRTC 32768 Hz +/- 3 Hz\n' },
    attemptLimit: 3,
  },
];

export async function seedDemoTestProfiles(db: Kysely<DB>, files: FileStore, createdBy: number | null): Promise<number> {
  const functions = new Map((await db.selectFrom('test_functions').select(['id', 'name']).execute()).map((f) => [f.name, f.id]));
  let made = 0;
  for (const demo of PROFILES) {
    const project = await db.selectFrom('projects').select('id').where('name', '=', demo.project).executeTakeFirst();
    if (!project) continue;
    const bytes = Buffer.from(demo.file.text);
    const file = await files.put(Readable.from([bytes]), { name: demo.file.name, type: 'application/json', limit: bytes.length });
    for (const [n, version] of demo.versions.entries()) {
      const status = (['archived', 'active', 'draft'] as const)[n];
      const at = new Date(Date.now() - (40 - n * 18) * DAY).toISOString();
      const { id } = await db
        .insertInto('test_profiles')
        .values({
          project_id: project.id,
          name: demo.name,
          version,
          description: demo.description,
          status,
          copied_from_id: null,
          attempt_limit: demo.attemptLimit,
          activated_at: status === 'draft' ? null : at,
          created_by: createdBy,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('test_configurations')
        .values(
          demo.steps.map((step, i) => {
            const [fn, parameters] = FUNCTIONS[step.name] ?? [undefined, []];
            return {
              test_profile_id: id,
              position: i + 1,
              name: step.name,
              test_function_id: (fn ? functions.get(fn) : undefined) ?? null,
              parameters: JSON.stringify(parameters.map(([name, value]) => ({ name, value }))),
              low: step.low,
              high: step.high,
              unit: step.unit ?? '',
              created_at: at,
              updated_at: at,
            };
          }),
        )
        .execute();
      await db
        .insertInto('test_variables')
        .values(
          demo.variables.map((v) => ({
            test_profile_id: id,
            name: v.name,
            type: v.type,
            value: storedValue(v.value),
            choices: JSON.stringify(v.choices ?? []),
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      // One file's bytes, shared by the versions as a copy would.
      await db.insertInto('test_files').values({ test_profile_id: id, file_id: file.id, created_by: createdBy, created_at: at }).execute();
      await linkReports(db, { id, project_id: project.id, name: demo.name, version });
      made++;
    }
  }
  return made;
}
