import { describe, expect, it } from 'vitest';
import { previewTestPoints } from './csv-preview';

const CSV = ['Designator,Signal,Pos X,Pos Y,Layer,Size', 'TP1,GND,1,2,Top,1.0', 'TP2,VCC,3,4,Bottom,0.8', 'TP3,,x,5,Top,1.0'].join('\n');

describe('previewTestPoints', () => {
  it('without corrections is the contract parser: columns detected, a bad row refused with its reason', () => {
    const preview = previewTestPoints(CSV);
    expect(preview.columns.map((c) => [c.header, c.field])).toEqual([
      ['Designator', 'name'],
      ['Signal', 'net'],
      ['Pos X', 'x'],
      ['Pos Y', 'y'],
      ['Layer', 'side'],
      ['Size', 'diameter'],
    ]);
    expect(preview.accepted.map((p) => p.name)).toEqual(['TP1', 'TP2']);
    expect(preview.rows.filter((r) => !r.pad).map((r) => [r.line, r.errors])).toEqual([[4, ["x is not a number: 'x'"]]]);
  });

  it('a column given another meaning is read as it; the one that had it is ignored; the file keeps its names', () => {
    // The person says Signal is the name column (Designator then means nothing).
    const preview = previewTestPoints(CSV, { 1: { field: 'name' } });
    expect(preview.columns.map((c) => [c.header, c.field])).toEqual([
      ['Designator', null],
      ['Signal', 'name'],
      ['Pos X', 'x'],
      ['Pos Y', 'y'],
      ['Layer', 'side'],
      ['Size', 'diameter'],
    ]);
    expect(preview.accepted.map((p) => [p.name, p.net])).toEqual([
      ['GND', null],
      ['VCC', null],
    ]);
    // TP3 has no signal: now its name is missing too.
    expect(preview.rows.find((r) => r.line === 4)?.errors).toEqual(['name missing', "x is not a number: 'x'"]);
    expect(preview.rows[0]?.raw).toEqual({ Designator: 'TP1', Signal: 'GND', 'Pos X': '1', 'Pos Y': '2', Layer: 'Top', Size: '1.0' });
  });

  it('ignoring a column and choosing a length column’s unit', () => {
    const preview = previewTestPoints(CSV, { 5: { field: null }, 2: { field: 'x', unit: 'mil' } });
    expect(preview.columns[5]).toMatchObject({ header: 'Size', field: null });
    expect(preview.columns[2]).toMatchObject({ field: 'x', unit: 'mil', unitFrom: 'header' });
    expect(preview.accepted[0]).toMatchObject({ name: 'TP1', x: 0.0254, y: 2, diameter: null });
  });

  it('the file unit applies to lengths that name none', () => {
    expect(previewTestPoints(CSV, {}, 'inch').accepted[0]).toMatchObject({ x: 25.4, y: 50.8, diameter: 25.4 });
  });

  it('a file without its header says why, corrections or not', () => {
    expect(previewTestPoints('a,b\n1,2', { 0: { field: 'name' } }).problem).toMatch(/^No line names a name, an x and a y column/);
  });
});
