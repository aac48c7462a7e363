/**
 * One machine of the path report drawn as inline SVG: states in layers by their distance from
 * the start (left to right), transitions as arrows labelled with their event, everything the
 * model tests did not walk in red; below it, the transitions as a table. No layout package: a
 * reader needs to find the red, not a beautiful graph.
 */
import type { MachineDefinition, TransitionInfo } from '../harness/definition';
import type { Recording } from '../harness/recording';

type Row = { id: string; states: { total: number; covered: number }; transitions: { total: number; covered: number } };

const W = 190;
const H = 34;
const GAP_X = 90;
const GAP_Y = 30;
const RED = '#dc2626';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** `app.loggedIn.browsing` → `loggedIn.browsing`. */
const short = (id: string, machine: string) => (id === machine ? `(any state of ${machine})` : id.slice(machine.length + 1));
const eventLabel = (t: TransitionInfo) =>
  (t.event === '' ? 'always' : t.event.replace(/^xstate\.done\.actor\./, 'done: ').replace(/^xstate\.error\.actor\./, 'error: ')) +
  (t.index > 0 ? ` #${t.index}` : '');

/** Layer of each node: breadth-first from the start over transitions and "enters its first child". */
function layers(def: MachineDefinition): Map<string, number> {
  const next = new Map<string, string[]>();
  const link = (a: string, b: string) => next.set(a, [...(next.get(a) ?? []), b]);
  for (const t of def.transitions) for (const target of t.targets) link(t.source, target);
  for (const s of def.states) if (s.parent) link(s.parent, s.id);
  const start = def.states.find((s) => !s.parent)?.id;
  const layer = new Map<string, number>();
  const queue = start ? [start] : [];
  if (start) layer.set(start, 0);
  while (queue.length) {
    const id = queue.shift()!;
    for (const to of next.get(id) ?? []) {
      if (!layer.has(to)) {
        layer.set(to, layer.get(id)! + 1);
        queue.push(to);
      }
    }
  }
  const last = Math.max(0, ...layer.values()) + 1;
  for (const s of def.states) if (!layer.has(s.id)) layer.set(s.id, last);
  // Transitions on the machine itself (taken in any state) start from a box of their own.
  if (def.transitions.some((t) => t.source === def.id)) layer.set(def.id, last + 1);
  return layer;
}

export function drawMachine(def: MachineDefinition, recording: Recording | null, row: Row, file: string): string {
  const walkedStates = new Set(recording?.states);
  const walkedTransitions = new Set(recording?.transitions);
  const layer = layers(def);
  const columns = new Map<number, string[]>();
  for (const [id, l] of [...layer.entries()].sort((a, b) => a[1] - b[1])) columns.set(l, [...(columns.get(l) ?? []), id]);
  const pos = new Map<string, { x: number; y: number }>();
  for (const [l, ids] of columns) ids.forEach((id, i) => pos.set(id, { x: 20 + l * (W + GAP_X), y: 50 + i * (H + GAP_Y) }));
  const width = 40 + Math.max(...[...pos.values()].map((p) => p.x)) + W;
  const height = 80 + Math.max(...[...pos.values()].map((p) => p.y)) + H;

  const parts: string[] = [];
  // Several transitions between the same two boxes fan out instead of overlapping.
  const seen = new Map<string, number>();
  for (const t of def.transitions) {
    const ok = walkedTransitions.has(t.key);
    const color = ok ? '#6b7280' : RED;
    const title = `<title>${esc(t.key)}${t.guard ? ` [${esc(t.guard)}]` : ''}${ok ? '' : ' (not walked)'}</title>`;
    const a = pos.get(t.source)!;
    for (const target of t.targets.length ? t.targets : [t.source]) {
      const b = pos.get(target)!;
      const pair = `${t.source}>${target}`;
      const k = seen.get(pair) ?? 0;
      seen.set(pair, k + 1);
      const label = `<text x="0" y="0" font-size="10" fill="${color}">${esc(eventLabel(t))}</text>`;
      if (target === t.source) {
        // Stays (actions only): a loop over the box.
        const x = a.x + 20 + (k % 6) * 28;
        parts.push(
          `<g>${title}<path d="M${x} ${a.y} c -8 -22, 22 -22, 14 0" fill="none" stroke="${color}" stroke-width="${ok ? 1 : 2}" marker-end="url(#arrow-${ok ? 'ok' : 'miss'})"/>` +
            `<g transform="translate(${x - 6} ${a.y - 20 - (k % 2) * 10})">${label}</g></g>`,
        );
        continue;
      }
      const x1 = a.x + W;
      const y1 = a.y + H / 2;
      const x2 = b.x;
      const y2 = b.y + H / 2;
      const bend = (k - 0.5) * 18;
      const backwards = x2 <= x1;
      const d = backwards
        ? `M${a.x + W / 2} ${a.y + H} C ${a.x + W / 2} ${a.y + H + 60 + bend}, ${b.x + W / 2} ${b.y + H + 60 + bend}, ${b.x + W / 2} ${b.y + H}`
        : `M${x1} ${y1} C ${x1 + 40} ${y1 + bend}, ${x2 - 40} ${y2 + bend}, ${x2} ${y2}`;
      const mx = backwards ? (a.x + b.x + W) / 2 : (x1 + x2) / 2 - 30;
      const my = backwards ? Math.max(a.y, b.y) + H + 40 + bend : (y1 + y2) / 2 + bend - 4;
      parts.push(
        `<g>${title}<path d="${d}" fill="none" stroke="${color}" stroke-width="${ok ? 1 : 2}" marker-end="url(#arrow-${ok ? 'ok' : 'miss'})"/>` +
          `<g transform="translate(${mx} ${my})">${label}</g></g>`,
      );
    }
  }
  for (const [id, p] of pos) {
    const isRoot = id === def.id;
    const ok = isRoot || walkedStates.has(id);
    const info = def.states.find((s) => s.id === id);
    parts.push(
      `<g><title>${esc(id)}${ok ? '' : ' (not walked)'}</title><rect x="${p.x}" y="${p.y}" width="${W}" height="${H}" rx="${info?.final ? 14 : 6}" ` +
        `fill="${isRoot ? '#f3f4f6' : ok ? '#ecfdf5' : '#fee2e2'}" stroke="${ok ? '#059669' : RED}" stroke-width="${ok ? 1 : 2}"` +
        `${info?.initial ? ' stroke-dasharray="4 2"' : ''}/>` +
        `<text x="${p.x + 8}" y="${p.y + 21}" font-size="12" fill="${ok ? '#111' : RED}">${esc(short(id, def.id))}</text></g>`,
    );
  }

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(def.id)} machine">` +
    `<defs>${['ok', 'miss']
      .map(
        (k) =>
          `<marker id="arrow-${k}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="${k === 'ok' ? '#6b7280' : RED}"/></marker>`,
      )
      .join('')}</defs>${parts.join('')}</svg>`;

  const rows = def.transitions
    .map((t) => {
      const ok = walkedTransitions.has(t.key);
      return `<tr${ok ? '' : ' class="miss"'}><td>${esc(short(t.source, def.id))}</td><td>${esc(t.event || '(always)')}${t.index ? ` #${t.index}` : ''}</td>` +
        `<td>${esc(t.guard ?? '')}</td><td>${esc(t.targets.map((x) => short(x, def.id)).join(', ') || '(stays)')}</td><td>${ok ? 'walked' : 'NOT WALKED'}</td></tr>`;
    })
    .join('');
  const missingStates = def.states.filter((s) => !walkedStates.has(s.id)).map((s) => short(s.id, def.id));
  return `<section><h2>${esc(def.id)} <small>(${esc(file)})</small></h2>
<p>States ${row.states.covered}/${row.states.total}, transitions ${row.transitions.covered}/${row.transitions.total}${
    recording ? `; walked by ${esc(recording.suite)} at ${esc(recording.recordedAt)} (${recording.paths} paths, ${recording.steps} steps)` : '; <span class="miss">no recording</span>'
  }${missingStates.length ? `; <span class="miss">states not walked: ${esc(missingStates.join(', '))}</span>` : ''}</p>
<p><small>Dashed box: compound state (its first child is one layer to the right). Hover an arrow for its transition and guard.</small></p>
${svg}
<table><thead><tr><th>from</th><th>event</th><th>guard</th><th>to</th><th></th></tr></thead><tbody>${rows}</tbody></table></section>`;
}
