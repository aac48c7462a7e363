import { next } from './access-world';
import { addModuleType } from './cassettes';
import { createPinType, createResourceType, insertCartridgeType } from './resources';
import type { TestApp } from './test-app';

/**
 * The catalogue request processing picks from: pin types Analog and Digital; resource types
 * "Voltage sense" (Analog) and "Digital IO" (Digital); a cartridge type "MX-64" whose pins 1, 2
 * are Analog (in Voltage sense's pin map), 3 Analog but in no pin map, 12 "ADC3" Digital (in
 * Digital IO's pin map); a second cartridge type; an AMS module type.
 */
export type RequestCatalogue = Awaited<ReturnType<typeof requestCatalogue>>;

export async function requestCatalogue(t: TestApp, suffix = next()) {
  const analog = await createPinType(t, `Analog ${suffix}`);
  const digital = await createPinType(t, `Digital ${suffix}`);
  const voltage = await createResourceType(t, [analog], `Voltage sense ${suffix}`);
  const dio = await createResourceType(t, [digital], `Digital IO ${suffix}`);
  const mx = await insertCartridgeType(
    t,
    [
      { number: 1, name: 'AIN1', pin_type_id: analog },
      { number: 2, name: 'AIN2', pin_type_id: analog },
      { number: 3, name: 'AIN3', pin_type_id: analog },
      { number: 12, name: 'ADC3', pin_type_id: digital },
    ],
    `MX-64 ${suffix}`,
  );
  const other = await insertCartridgeType(t, [{ number: 1, name: 'AIN1', pin_type_id: analog }], `Other cartridge ${suffix}`);
  const pins = { ain1: mx.pins[0], ain2: mx.pins[1], ain3: mx.pins[2], adc3: mx.pins[3] };
  for (const [resource, pin] of [
    [voltage, pins.ain1],
    [voltage, pins.ain2],
    [dio, pins.adc3],
    [voltage, other.pins[0]],
  ]) {
    const res = await t.call('POST', `/v1/resourcetypes/${resource}/pinmap`, { as: 'root', body: { connector_pin_id: pin } });
    if (res.statusCode !== 201) throw new Error(`pin map: ${res.statusCode} ${res.body}`);
  }
  return {
    suffix,
    pinTypes: { analog, digital },
    resourceTypes: { voltage, dio },
    cartridgeTypes: { mx: mx.id, other: other.id },
    pins,
    otherPin: other.pins[0],
    moduleType: await addModuleType(t, { name: `DMM ${suffix}`, ams_type: 'dmm' }),
  };
}

/** Selects a cartridge (bay) or module (slot) on the request as root; its id. */
export async function select(t: TestApp, requestId: number, what: 'cartridge' | 'module', typeId: number, place = 1): Promise<number> {
  const res =
    what === 'cartridge'
      ? await t.call('POST', `/v1/requests/${requestId}/selectedcartridges`, { as: 'root', body: { cartridge_type_id: typeId, bay: place } })
      : await t.call('POST', `/v1/requests/${requestId}/selectedmodules`, { as: 'root', body: { cassette_module_type_id: typeId, slot: place } });
  if (res.statusCode !== 201) throw new Error(`select ${what}: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

/** Makes a pad group on the request as root; its id. */
export async function addGroup(t: TestApp, requestId: number, body: { name?: string; resource_type_id: number; pad_ids?: number[] }): Promise<number> {
  const res = await t.call('POST', `/v1/requests/${requestId}/testpadgroups`, { as: 'root', body: { name: `Group ${next()}`, ...body } });
  if (res.statusCode !== 201) throw new Error(`pad group: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}
