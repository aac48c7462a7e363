import type { Kysely } from 'kysely';
import type { TestFunctionParameter } from '../../contract/test-functions';
import type { DB } from '../db/schema';
import { insertTestFunction, listTestFunctionTypes } from '../store/test-functions';

type Demo = { name: string; type: string; description: string; parameters: [string, string, number | null, number | null][] };

/** What a board-test platform's catalogue typically holds: rails, currents, flashing, scans. */
const FUNCTIONS: Demo[] = [
  { name: 'Supply current', type: 'measurement', description: 'Current drawn from the bench supply, idle and under load.', parameters: [['Idle current', 'mA', 5, 20], ['Load current', 'mA', 80, 250]] },
  { name: 'Rail voltage 3V3', type: 'measurement', description: 'The 3.3 V rail at its test pad, after power-up settles.', parameters: [['Voltage', 'V', 3.2, 3.4]] },
  { name: 'Rail voltage 5V', type: 'measurement', description: 'The 5 V rail at its test pad.', parameters: [['Voltage', 'V', 4.85, 5.15]] },
  { name: 'Rail ripple', type: 'measurement', description: 'Peak-to-peak ripple on the switching regulator output.', parameters: [['Ripple', 'mV', null, 50], ['Bandwidth', 'MHz', null, null]] },
  { name: 'Crystal frequency', type: 'measurement', description: 'The MCU clock, measured on its clock-out pin.', parameters: [['Frequency', 'MHz', 7.999, 8.001]] },
  { name: 'Thermistor resistance', type: 'measurement', description: 'NTC resistance at ambient temperature.', parameters: [['Resistance', 'kΩ', 9.5, 10.5], ['Ambient', '°C', 20, 30]] },
  { name: 'Flash MCU firmware', type: 'programming', description: 'Writes and verifies the production firmware over SWD.', parameters: [['Clock', 'kHz', 1000, 4000], ['Retries', '', 0, 3]] },
  { name: 'Write serial number', type: 'programming', description: 'Writes the board serial into the OTP area.', parameters: [] },
  { name: 'Program EEPROM calibration', type: 'programming', description: 'Stores the measured calibration constants in the EEPROM.', parameters: [['Offset', 'mV', -20, 20], ['Gain', '', 0.98, 1.02]] },
  { name: 'JTAG chain check', type: 'boundary_scan', description: 'Reads every IDCODE in the JTAG chain and compares it with the netlist.', parameters: [['Devices in chain', '', 2, 2]] },
  { name: 'Boundary scan interconnect', type: 'boundary_scan', description: 'Opens and shorts on the nets between the scan devices.', parameters: [['TCK', 'MHz', 1, 10]] },
  { name: 'CAN loopback', type: 'functional', description: 'Sends frames through the fixture loopback and checks every one returns.', parameters: [['Bit rate', 'kbit/s', 125, 1000], ['Frames', '', 100, 100]] },
  { name: 'LED check', type: 'functional', description: 'Lights each LED and reads it with the fixture photodiodes.', parameters: [['Brightness', '%', 60, 100]] },
  { name: 'USB enumeration', type: 'functional', description: 'The board enumerates with the expected vendor and product ids.', parameters: [['Timeout', 's', null, 5]] },
];

/** The demo's test function catalogue; gives how many it made. */
export async function seedDemoTestFunctions(db: Kysely<DB>): Promise<number> {
  const types = new Map((await listTestFunctionTypes(db)).map((t) => [t.slug, t.id]));
  for (const fn of FUNCTIONS) {
    const parameters: TestFunctionParameter[] = fn.parameters.map(([name, unit, default_low, default_high]) => ({ name, unit, default_low, default_high }));
    await insertTestFunction(db, { name: fn.name, test_function_type_id: types.get(fn.type)!, description: fn.description, parameters });
  }
  return FUNCTIONS.length;
}
