/**
 * fast-check arbitraries of malformed and hostile HTTP inputs: path segments, query strings,
 * header values and bodies. Everything produced can be put on the wire by node:http (its path
 * and header rules are honoured), so what reaches the server is exactly what was generated.
 */
import fc from 'fast-check';

/** Classic trouble-makers, mixed into every generated text. */
export const nastyStrings = [
  '',
  ' ',
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%C0%AF',
  '..',
  '../../etc/passwd',
  '%2e%2e%2f',
  '//',
  '\\',
  "' OR 1=1 --",
  '"; DROP TABLE events; --',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999999',
  '0x10',
  '[]',
  '{}',
  'null',
  'true',
  'undefined',
  '\u0000',
  '\uFFFF',
  '\uD800',
  '🎉',
  'e\u0301',
  'a'.repeat(3000),
  'Ω≈ç√',
  '𝕏',
  'ß',
  'İ',
  '\u202Eevil',
  'fr',
  'en-US',
  '*',
  ';',
  ',',
  '=',
];

/** Any text: nasty, Unicode graphemes, raw UTF-16 code units (lone surrogates too). */
export const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/**
 * A path segment as a client could send it: characters Node refuses in a request line are
 * percent-encoded, everything else (%, .., /, ;, Latin-1 bytes) goes raw.
 */
export function toRawPathPart(text: string): string {
  return [...text].map((char) => (/^[\u0021-\u007e]$/.test(char) && char !== '#' ? char : encodeChar(char))).join('');
}

function encodeChar(char: string): string {
  try {
    return encodeURIComponent(char);
  } catch {
    // A lone surrogate has no UTF-8 form: send the bytes a careless encoder would (CESU-8).
    return '%ED%A0%80';
  }
}

export const pathSegment = hostileText.map(toRawPathPart);

/** Query strings with known parameter names, unknown ones, duplicates and broken encodings. */
export function queryString(knownKeys: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom(...knownKeys), hostileText);
  const pair = fc.tuple(key, hostileText).map(([k, v]) => `${toRawPathPart(k)}=${toRawPathPart(v)}`);
  return fc.oneof(
    { weight: 4, arbitrary: fc.array(pair, { maxLength: 5 }).map((pairs) => (pairs.length ? `?${pairs.join('&')}` : '')) },
    { weight: 1, arbitrary: fc.constantFrom('?', '?&&=&', '?=', '?a', '?%', '?page=2&page=-1', '?q[]=1&q[x]=2', `?${'x='.repeat(500)}`) },
  );
}

/** Header values Node will send (tab, printable ASCII, Latin-1). */
export const headerValue = hostileText.map((text) => text.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?').slice(0, 2000));

/** Request headers a browser, a proxy or an attacker might send. */
export const hostileHeaders = fc.dictionary(
  fc.constantFrom(
    'accept-language',
    'accept',
    'accept-encoding',
    'cookie',
    'if-none-match',
    'if-modified-since',
    'range',
    'x-forwarded-for',
    'x-forwarded-proto',
    'x-forwarded-host',
    'forwarded',
    'referer',
    'user-agent',
    'authorization',
    'sec-fetch-mode',
    'sec-fetch-site',
    'content-type',
    'x-http-method-override',
    'cache-control',
    'pragma',
  ),
  headerValue,
  { maxKeys: 5 },
);

/** JSON that parses (any shape) or text that does not. */
export const jsonishBody = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('{', '[1,2', '{"a":}', '\u0000', '"str"', '1e999', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', ''),
  },
  { weight: 1, arbitrary: hostileText },
);

/** `valid` with some fields replaced by hostile values (strings, numbers, objects, nulls). */
export function mutatedObject(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = [...Object.keys(valid), 'version', 'id', 'translations', '__proto__', 'status', 'slug'];
  const value = fc.oneof(hostileText, fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(null, -1, 0, 1.5, 2 ** 53, 'x'.repeat(600)));
  return fc.dictionary(fc.oneof(fc.constantFrom(...keys), hostileText), value, { minKeys: 1, maxKeys: 4 }).map((overrides) => ({ ...valid, ...overrides }));
}

/** A multipart body that may be malformed anywhere (boundary, part headers, file name, bytes). */
export const hostileMultipart = fc
  .record({
    boundary: fc.oneof(
      fc.constantFrom('x', 'boundary123', '', '--', ' '),
      hostileText.map((t) => t.replace(/[^\x21-\x7e]/g, 'b').slice(0, 70)),
    ),
    declared: fc.constantFrom('same', 'other', 'missing'),
    field: fc.constantFrom('file', 'metadata', 'other', ''),
    filename: headerValue,
    metadata: jsonishBody,
    bytes: fc.oneof(fc.uint8Array({ maxLength: 2_000 }), fc.constantFrom(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), new Uint8Array(0))),
    closed: fc.boolean(),
  })
  .map(({ boundary, declared, field, filename, metadata, bytes, closed }) => {
    const b = boundary || 'x';
    const parts = [
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n${metadata}\r\n`),
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        'latin1',
      ),
      Buffer.from(bytes),
      Buffer.from(closed ? `\r\n--${b}--\r\n` : '\r\n'),
    ];
    const type = declared === 'missing' ? 'multipart/form-data' : `multipart/form-data; boundary=${declared === 'same' ? boundary : 'other'}`;
    return { type, body: Buffer.concat(parts) };
  });
