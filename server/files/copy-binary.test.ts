import { describe, expect, it } from 'vitest';
import { chunkRows, copiedColumn } from './copy-binary';

/** Binary COPY output written out by hand from the format's documentation, not by copy-binary.ts. */
function copyOutput(values: (string | null)[][], extension = Buffer.alloc(0)): Buffer {
  const int16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
  const int32 = (n: number) => { const b = Buffer.alloc(4); b.writeInt32BE(n); return b; };
  const parts = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), int32(0), int32(extension.length), extension];
  for (const row of values) {
    parts.push(int16(row.length));
    for (const value of row) parts.push(...(value === null ? [int32(-1)] : [int32(value.length), Buffer.from(value)]));
  }
  parts.push(int16(-1));
  return Buffer.concat(parts);
}

async function* pieces(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

describe('copiedColumn', () => {
  const output = copyOutput([['firm'], [''], ['ware!']], Buffer.from('ext'));

  it('gives the values back in order however the output is cut', async () => {
    for (const size of [1, 2, 3, 5, 19, 64, output.length]) {
      expect((await collect(copiedColumn(pieces(output, size)))).toString()).toBe('firmware!');
    }
  });

  it('hands on slices of what arrived rather than copies', async () => {
    const arrived = copyOutput([['x'.repeat(10_000)]]); // past Node's 4 KiB pool, so a copy would be a buffer of its own
    const values: Buffer[] = [];
    for await (const value of copiedColumn(pieces(arrived, arrived.length))) values.push(value);
    expect(values).toHaveLength(1);
    expect(values[0].buffer).toBe(arrived.buffer);
  });

  it('refuses output that is cut short, null, wider than one column or goes on past its end', async () => {
    await expect(collect(copiedColumn(pieces(output.subarray(0, output.length - 1), 7)))).rejects.toThrow('ended before its trailer');
    await expect(collect(copiedColumn(pieces(copyOutput([[null]]), 4)))).rejects.toThrow('null');
    await expect(collect(copiedColumn(pieces(copyOutput([['a', 'b']]), 4)))).rejects.toThrow('2 columns');
    await expect(collect(copiedColumn(pieces(Buffer.concat([output, Buffer.from([0])]), 4)))).rejects.toThrow('past its trailer');
    await expect(collect(copiedColumn(pieces(Buffer.from('not copy output at all'), 4)))).rejects.toThrow('Not binary COPY');
  });
});

describe('chunkRows', () => {
  it('writes one row per chunk (file id, seq, bytes), the last one shorter, in the format PostgreSQL reads', async () => {
    const bytes = Buffer.from('abcdefghij');
    const rows = await collect(chunkRows('f-1', pieces(bytes, 3), 4));
    expect(rows.equals(copyOutput([['f-1', '\0\0\0\0', 'abcd'], ['f-1', '\0\0\0\x01', 'efgh'], ['f-1', '\0\0\0\x02', 'ij']]))).toBe(true);
  });

  it('writes no row for no bytes', async () => {
    expect((await collect(chunkRows('f-1', pieces(Buffer.alloc(0), 1), 4))).equals(copyOutput([]))).toBe(true);
  });
});
