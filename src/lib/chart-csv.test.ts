import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { chartCsv } from './chart-csv';
import { csvFileName } from './chart-table';

describe('a chart’s numbers as CSV', () => {
  it('holds the table’s headers and rows, the cells as shown unless they carry their own CSV value', () => {
    const text = chartCsv({
      headers: ['Day', 'Test runs', 'Yield'],
      rows: [
        [{ text: 'Mar 4', csv: '2025-03-04', href: '/statistics?from=2025-03-04' }, '1,234', '90.1%'],
        [{ text: 'Mar 5', csv: '2025-03-05' }, 0, '—'],
      ],
    });
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toBe('\uFEFFDay,Test runs,Yield\r\n2025-03-04,"1,234",90.1%\r\n2025-03-05,0,—\r\n');
  });

  it('quotes what would break a row, so the file reads back as the table; a formula stays text', () => {
    const rows = [['Lot "7", rework', '12\nboards', ' spaced ', '=HYPERLINK("x")']];
    const parsed = Papa.parse<string[]>(chartCsv({ headers: ['Batch', 'Note', 'Space', 'Formula'], rows }).slice(1), { skipEmptyLines: true });
    expect(parsed.data).toEqual([['Batch', 'Note', 'Space', 'Formula'], ['Lot "7", rework', '12\nboards', ' spaced ', `'=HYPERLINK("x")`]]);
  });

  it('has only a header for a chart with no rows', () => {
    expect(chartCsv({ headers: ['Step', 'Failures'], rows: [] })).toBe('\uFEFFStep,Failures\r\n');
  });

  it('names the file by whose, what and when, safe on every system', () => {
    expect(csvFileName('Acme Électronics', 'First-pass yield per batch', '2025-03-01', 'to', '2025-03-30')).toBe(
      'acme-electronics-first-pass-yield-per-batch-2025-03-01-to-2025-03-30.csv',
    );
    expect(csvFileName(null, 'Failing steps (Pareto)', undefined, 'jig', 'MC/200 “A”')).toBe('failing-steps-pareto-jig-mc-200-a.csv');
    expect(csvFileName('', '…')).toBe('chart.csv');
    expect(csvFileName('x'.repeat(200)).length).toBe(154);
  });
});
