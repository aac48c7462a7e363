import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './download';

describe('the download file name', () => {
  const fallback = 'devices.csv';

  it('reads a quoted or bare filename', () => {
    expect(filenameFromDisposition('attachment; filename="acme-devices.csv"', fallback)).toBe('acme-devices.csv');
    expect(filenameFromDisposition('attachment; filename=acme.csv', fallback)).toBe('acme.csv');
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".csv"', fallback)).toBe('a "b".csv');
  });

  it('prefers the UTF-8 filename*', () => {
    expect(
      filenameFromDisposition(`attachment; filename="Gerate.csv"; filename*=UTF-8''Ger%C3%A4te%20Acme.csv`, fallback),
    ).toBe('Geräte Acme.csv');
  });

  it('keeps the last path part only', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"', fallback)).toBe('passwd');
  });

  it('falls back when there is no usable name', () => {
    expect(filenameFromDisposition(undefined, fallback)).toBe(fallback);
    expect(filenameFromDisposition('attachment', fallback)).toBe(fallback);
    expect(filenameFromDisposition('attachment; filename=""', fallback)).toBe(fallback);
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, fallback)).toBe(fallback);
  });
});
