/**
 * PostgreSQL's binary COPY format (the "Binary Format" of the COPY command's documentation),
 * for the file chunks' bytes: in and out as they are, as slices of the buffers that arrive,
 * where a query would have sent each chunk as a 2 MiB hex string and one contiguous buffer.
 *
 *   header   "PGCOPY\n\377\r\n\0", int32 flags, int32 extension length, the extension
 *   row      int16 field count, then per field int32 length (-1 for null) and its bytes
 *   trailer  int16 -1
 */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER = Buffer.concat([SIGNATURE, Buffer.alloc(8)]); // no flags, no extension
const TRAILER = Buffer.from([0xff, 0xff]);

/**
 * `COPY file_chunks (file_id, seq, data) FROM STDIN (FORMAT binary)` input for one file: rows of
 * `size` bytes (the last one shorter), whose data goes out as the very buffers `source` gave.
 */
export async function* chunkRows(fileId: string, source: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  const id = Buffer.from(fileId, 'utf8');
  yield HEADER;
  let seq = 0;
  for await (const parts of regrouped(source, size)) {
    const length = parts.reduce((n, part) => n + part.length, 0);
    const head = Buffer.allocUnsafe(2 + 4 + id.length + 4 + 4 + 4);
    let at = head.writeInt16BE(3, 0);
    at = head.writeInt32BE(id.length, at);
    at += id.copy(head, at);
    at = head.writeInt32BE(4, at);
    at = head.writeInt32BE(seq++, at);
    head.writeInt32BE(length, at);
    yield head;
    yield* parts;
  }
  yield TRAILER;
}

/** Regroups a byte stream into lists of buffers of `size` bytes in all (the last less), copying nothing. */
async function* regrouped(source: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer[]> {
  let parts: Buffer[] = [];
  let length = 0;
  for await (const part of source) {
    let rest = part;
    while (length + rest.length >= size) {
      const take = size - length;
      parts.push(rest.subarray(0, take));
      yield parts;
      rest = rest.subarray(take);
      parts = [];
      length = 0;
    }
    if (rest.length) {
      parts.push(rest);
      length += rest.length;
    }
  }
  if (length) yield parts;
}

type State = 'header' | 'extension' | 'fields' | 'length' | 'value' | 'end';

/**
 * The bytes of the one column of `COPY (select …) TO STDOUT (FORMAT binary)` output, every
 * value's in row order, as slices of what arrives. Throws on anything else: a null, a second
 * column, output cut short or going on past the trailer.
 */
export async function* copiedColumn(output: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let state: State = 'header';
  let head = Buffer.alloc(0); // a header or length not whole yet
  let left = 0; // bytes of the value (or extension) still to come
  const need = () => (state === 'header' ? HEADER.length : state === 'fields' ? 2 : 4);

  for await (const arrived of output) {
    let chunk = arrived;
    while (chunk.length) {
      if (state === 'end') throw new Error('COPY output went on past its trailer.');
      if (state === 'value' || state === 'extension') {
        const take = Math.min(left, chunk.length);
        if (state === 'value') yield chunk.subarray(0, take);
        chunk = chunk.subarray(take);
        left -= take;
        if (left === 0) state = 'fields';
        continue;
      }
      const take = Math.min(need() - head.length, chunk.length);
      head = Buffer.concat([head, chunk.subarray(0, take)]);
      chunk = chunk.subarray(take);
      if (head.length < need()) continue;
      if (state === 'header') {
        if (!head.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('Not binary COPY output.');
        left = head.readUInt32BE(SIGNATURE.length + 4);
        state = left ? 'extension' : 'fields';
      } else if (state === 'fields') {
        const fields = head.readInt16BE(0);
        if (fields === -1) state = 'end';
        else if (fields === 1) state = 'length';
        else throw new Error(`COPY output has ${fields} columns, not 1.`);
      } else {
        left = head.readInt32BE(0);
        if (left < 0) throw new Error('COPY output has a null value.');
        state = left ? 'value' : 'fields';
      }
      head = Buffer.alloc(0);
    }
  }
  if (state !== 'end') throw new Error('COPY output ended before its trailer.');
}
