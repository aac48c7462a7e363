import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MiB } from './helpers/files';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A body refused before it was read to the end (an upload over its limit, JSON over the API's
 * 1 MB) is answered so that the client reads the refusal: the server reads and discards a
 * bounded amount after answering, then closes (RFC 9112 §9.6), instead of closing at once into
 * a TCP reset. A declared Content-Length over the limit is refused before the body is read.
 */
const LIMIT = MiB;
let t: TestApp;
let base: string;
let port: number;
let authorization: string;

beforeAll(async () => {
  t = await createTestApp({ fileLimits: { firmware: LIMIT } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  ({ authorization } = await t.login('root'));
});
afterAll(() => t?.close());

/** A firmware form whose file is `size` bytes, as a browser or Node's fetch sends it. */
function firmwareForm(size: number): FormData {
  const form = new FormData();
  form.append('description', 'Too large');
  form.append('firmware', new Blob([new Uint8Array(size)], { type: 'application/octet-stream' }), 'big.bin');
  return form;
}

/** 50 uploads with Node's fetch, 5 at a time: how each ended (a status, or the fetch's failure). */
async function fiftyUploads(size: number): Promise<Record<string, number>> {
  const outcomes: Record<string, number> = {};
  const one = async () => {
    let outcome: string;
    try {
      const res = await fetch(`${base}/v1/enclosure-updates`, { method: 'POST', headers: { authorization }, body: firmwareForm(size) });
      const body = (await res.json()) as { errors?: Record<string, string[]> };
      outcome = `${res.status} ${body.errors?.firmware?.[0]}`;
    } catch (error) {
      outcome = `failed: ${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`;
    }
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  };
  for (let round = 0; round < 10; round++) await Promise.all(Array.from({ length: 5 }, one));
  return outcomes;
}

type RawResult = { status?: number; body: string; errorBeforeAnswer?: string; errorAfterAnswer?: string; sent: number };

/** A POST that declares `declared` bytes and sends zeros as fast as the server takes them. */
function rawPost(path: string, contentType: string, declared: number, login = true): Promise<RawResult> {
  return new Promise((resolve) => {
    const result: RawResult = { body: '', sent: 0 };
    const request = http.request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path,
      headers: { ...(login && { authorization }), 'content-type': contentType, 'content-length': declared },
    });
    request.on('response', (response) => {
      result.status = response.statusCode;
      response.setEncoding('utf8');
      response.on('data', (text: string) => (result.body += text));
      // A reset that follows the answer shows as an error here shortly after its end.
      response.on('end', () =>
        setTimeout(() => {
          request.destroy();
          resolve(result);
        }, 50),
      );
    });
    request.on('error', (error) => {
      if (result.status !== undefined) return void (result.errorAfterAnswer = error.message);
      result.errorBeforeAnswer = error.message;
      resolve(result);
    });
    const chunk = Buffer.alloc(64 * 1024);
    const write = () => {
      while (result.sent < declared && result.status === undefined && !request.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, declared - result.sent));
        result.sent += piece.length;
        if (!request.write(piece)) return void request.once('drain', write);
      }
      if (result.sent >= declared) request.end();
    };
    write();
  });
}

describe('bodies refused before they were read', () => {
  it('lets Node’s fetch read the 413 of a file over the limit found while it streams, 50 times of 50', async () => {
    // Under the declared ceiling (the file limit and a form's text), so it is refused midway.
    expect(await fiftyUploads(1.5 * MiB)).toEqual({ '413 The file is larger than 1 MB.': 50 });
  }, 60_000);

  it('lets Node’s fetch read the 413 of a declared length over the limit, 50 times of 50', async () => {
    expect(await fiftyUploads(5.5 * MiB)).toEqual({ '413 The file is larger than 1 MB.': 50 });
  }, 60_000);

  it('refuses an upload declaring 1 GB with 413 before reading its body, and the client reads it', async () => {
    const res = await rawPost('/v1/enclosure-updates', 'multipart/form-data; boundary=x-boundary', 1024 * MiB);
    expect(res.errorBeforeAnswer).toBeUndefined();
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).errors).toEqual({ firmware: ['The file is larger than 1 MB.'] });
  }, 30_000);

  it.each(['/v1/login', '/v1/companies'])('answers 50 MB of JSON to %s with a 413 the client reads, not a reset', async (path) => {
    const res = await rawPost(path, 'application/json', 50 * MiB);
    expect(res.errorBeforeAnswer).toBeUndefined();
    // Within the bounded amount the server still reads, so the connection ends without a reset.
    expect(res.errorAfterAnswer).toBeUndefined();
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: 'The request body is too large.' });
  }, 30_000);

  it('answers an upload of 20 MB without a login with a 401 the client reads, not a reset', async () => {
    // Refused before the body is looked at: the same bounded read follows the answer.
    const res = await rawPost('/v1/enclosure-updates', 'multipart/form-data; boundary=x-boundary', 20 * MiB, false);
    expect(res.errorBeforeAnswer).toBeUndefined();
    expect(res.errorAfterAnswer).toBeUndefined();
    expect(res.status).toBe(401);
  }, 30_000);

  it('keeps serving on the same server afterwards', async () => {
    const res = await fetch(`${base}/v1/users/me`, { headers: { authorization } });
    expect(res.status).toBe(200);
  });
});
