import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseCsv } from './csv';

const file = (text: string) => new File([text], 'pins.csv', { type: 'text/csv' });

describe('parseCsv', () => {
  it('reads a file into rows by column, trimming the header and skipping empty lines', async () => {
    const table = await parseCsv(file('\uFEFFname , number\r\nGND,1\r\n\r\n"VCC, 3V3",2\r\n'));
    expect(table.columns).toEqual(['name', 'number']);
    expect(table.rows).toEqual([
      { name: 'GND', number: '1' },
      { name: 'VCC, 3V3', number: '2' },
    ]);
    expect(table.errors).toEqual([]);
  });

  it('names the row of each problem and leaves that row out', async () => {
    const table = await parseCsv('name,number\nGND,1\nVCC,2,extra\nSDA\nSCL,4\n');
    expect(table.rows).toEqual([
      { name: 'GND', number: '1' },
      { name: 'SCL', number: '4' },
    ]);
    expect(table.errors.map((e) => e.row)).toEqual([2, 3]);
    expect(table.errors[0].message).toMatch(/Too many fields/);
  });

  it('checks each row with a schema: its output for good rows, its messages by row and column', async () => {
    const pin = z.object({
      name: z.string().trim().min(1, 'Name the pin.'),
      number: z.string().regex(/^\d+$/, 'Pin number is a whole number.').transform(Number),
    });
    const table = await parseCsv(file('name,number\nGND,1\n,2\nSDA,x\n'), { schema: pin });
    expect(table.rows).toEqual([{ name: 'GND', number: 1 }]);
    expect(table.errors).toEqual([
      { row: 2, column: 'name', message: 'Name the pin.' },
      { row: 3, column: 'number', message: 'Pin number is a whole number.' },
    ]);
  });

  it('reads nothing when the header lacks a required column', async () => {
    const table = await parseCsv(file('name,pin\nGND,1\n'), { columns: ['name', 'number'] });
    expect(table.rows).toEqual([]);
    expect(table.errors).toEqual([{ row: null, message: 'The first line must name the column “number”.' }]);
  });
});
