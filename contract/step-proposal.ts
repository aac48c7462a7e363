import type { TestFunction } from './test-functions';

/**
 * The steps a new draft starts with when it is made from the project's test resources (a project
 * made from a processed request has one per mapped pad group): one step per resource, named as
 * the resource, measuring it, in the resources' order (bay, then pin). Pure, so it is tested alone.
 *
 * Decisions (the catalogue links no test function to a resource type, so the link is read off names):
 * - A ground or reference resource gets no step: it is the return every measurement shares, not
 *   something measured on its own.
 * - The kind of measurement comes from the resource type's name: a current (a parameter in A, mA
 *   or µA), a voltage (power rails, voltage and analog senses: a parameter in V) or a bus (CAN,
 *   I2C, SPI, UART, communication: a functional or boundary-scan function).
 * - Among the catalogue's functions of that kind, the one whose name shares a word with the
 *   resource's name ("Rail voltage 3V3" for "+3V3") is chosen; when none does, the only one there
 *   is; otherwise none, and the step waits for the engineer to pick: a wrong function's limits
 *   would pass wrong boards. Digital I/O and anything else start without a function.
 * - A chosen function brings its parameters (values empty, as the step form fills them) and the
 *   limits and unit of its parameter of that kind (else its first).
 */

export type ProposalResource = { id: number; name: string; resource_type: string };
export type ProposalFunction = Pick<TestFunction, 'id' | 'name' | 'parameters'> & { type: { slug: string } };
export type ProposedStep = {
  name: string;
  test_function_id: number | null;
  parameters: { name: string; value: string }[];
  low: number | null;
  high: number | null;
  unit: string;
  test_resource_ids: number[];
};

type Kind = 'voltage' | 'current' | 'bus';

const GROUND = /ground|\bgnd\b|reference|return/i;

export function measurementKind(resourceType: string): Kind | null | 'skip' {
  if (GROUND.test(resourceType)) return 'skip';
  if (/current/i.test(resourceType)) return 'current';
  if (/bus|\bcan\b|i2c|spi|uart|comm/i.test(resourceType)) return 'bus';
  if (/volt|rail|power|analog|sense/i.test(resourceType)) return 'voltage';
  return null;
}

const UNITS: Record<Exclude<Kind, 'bus'>, RegExp> = { voltage: /^[mµu]?V$/, current: /^[mµu]?A$/ };

/** Words every such name has, which tell one rail or bus from another not at all. */
const GENERIC = new Set(['rail', 'voltage', 'current', 'supply', 'sense', 'power', 'check', 'test', 'loopback', 'input', 'output', 'bus', 'pin', 'tp']);

/** Lower-case words of letters and digits, the generic ones left out: "+3V3 rail (TP1)" → 3v3, tp1. */
export const wordsOf = (text: string) => new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !GENERIC.has(w)));

function fits(fn: ProposalFunction, kind: Kind): boolean {
  if (kind === 'bus') return fn.type.slug === 'functional' || fn.type.slug === 'boundary_scan';
  return fn.type.slug === 'measurement' && fn.parameters.some((p) => UNITS[kind].test(p.unit));
}

export function chooseFunction(resource: ProposalResource, kind: Kind, functions: readonly ProposalFunction[]): ProposalFunction | null {
  const candidates = functions.filter((fn) => fits(fn, kind));
  const words = wordsOf(resource.name);
  const named = candidates.filter((fn) => [...wordsOf(fn.name)].some((w) => words.has(w)));
  if (named.length) return named[0];
  // On a bus, a function only fits when it names the bus: a CAN loopback is no I2C test.
  return kind !== 'bus' && candidates.length === 1 ? candidates[0] : null;
}

export function proposeSteps(resources: readonly ProposalResource[], functions: readonly ProposalFunction[]): ProposedStep[] {
  const steps: ProposedStep[] = [];
  for (const resource of resources) {
    const kind = measurementKind(resource.resource_type);
    if (kind === 'skip') continue;
    const fn = kind ? chooseFunction(resource, kind, functions) : null;
    const parameter = fn && kind ? (fn.parameters.find((p) => kind !== 'bus' && UNITS[kind].test(p.unit)) ?? fn.parameters[0]) : undefined;
    steps.push({
      name: resource.name,
      test_function_id: fn?.id ?? null,
      parameters: fn ? fn.parameters.map((p) => ({ name: p.name, value: '' })) : [],
      low: parameter?.default_low ?? null,
      high: parameter?.default_high ?? null,
      unit: parameter?.unit ?? '',
      test_resource_ids: [resource.id],
    });
  }
  return steps;
}
