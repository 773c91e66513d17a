/** The one bounded body reader and its refusals (413 past the limit, 415 for JSON endpoints). */
import { describe, expect, it } from 'vitest';
import { BodyRefusal, bufferRequest, readBodyBytes, readJsonBody } from '../../src/server/http/body-limit.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const post = (body: BodyInit, headers: Record<string, string> = {}) => new Request('http://x/', { method: 'POST', body, headers });

function streamOf(...parts: string[]): Request {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encode(part));
      controller.close();
    },
  });
  return new Request('http://x/', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
}

async function refusalOf(read: Promise<unknown>): Promise<BodyRefusal> {
  const error = await read.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BodyRefusal);
  return error as BodyRefusal;
}

describe('readBodyBytes', () => {
  it('returns the exact bytes up to the limit', async () => {
    expect(new TextDecoder().decode(await readBodyBytes(post('abcd'), 4))).toBe('abcd');
  });

  it('refuses a body one byte over the limit, announced or streamed, with the code asked for', async () => {
    expect(await refusalOf(readBodyBytes(post('abcde', { 'content-length': '5' }), 4))).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(await refusalOf(readBodyBytes(streamOf('abc', 'de'), 4, 'ENVELOPE_TOO_LARGE'))).toMatchObject({ status: 413, code: 'ENVELOPE_TOO_LARGE' });
  });
});

describe('readJsonBody', () => {
  it('parses a declared JSON body', async () => {
    expect(await readJsonBody(post('{"role":"editor"}', { 'content-type': 'application/json; charset=utf-8' }))).toEqual({ role: 'editor' });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])('refuses %s with 415', async (type) => {
    expect(await refusalOf(readJsonBody(post('{"role":"editor"}', { 'content-type': type })))).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('refuses an empty or malformed body with 400 INVALID_JSON', async () => {
    expect(await refusalOf(readJsonBody(post('', { 'content-type': 'application/json' })))).toMatchObject({ status: 400, code: 'INVALID_JSON' });
    expect(await refusalOf(readJsonBody(post('{"role"', { 'content-type': 'application/json' })))).toMatchObject({ status: 400, code: 'INVALID_JSON' });
  });
});

describe('bufferRequest for a JSON endpoint', () => {
  it('answers 415 problem+json to a body of another type, and lets an empty one through', async () => {
    const refused = await bufferRequest(post('email=a', { 'content-type': 'text/plain', 'content-length': '7' }), 64, { json: true });
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(415);
    expect((refused as Response).headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const empty = await bufferRequest(new Request('http://x/', { method: 'POST' }), 64, { json: true });
    expect(empty).toBeInstanceOf(Request);
  });
});
