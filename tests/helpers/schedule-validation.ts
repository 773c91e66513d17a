/**
 * Validates schedule exports against the formats' own public definitions, copied unchanged into
 * tests/fixtures/schedule (see its README): XML with xmllint and the c3voc XSD, JSON with ajv and
 * the c3voc JSON schema (draft-06, as it declares).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/schedule/${name}`, import.meta.url));

/** xmllint's verdict on a schedule.xml: `ok`, and its messages when not. */
export function validateScheduleXml(xml: string): { ok: boolean; messages: string } {
  const run = spawnSync('xmllint', ['--noout', '--schema', fixture('schedule.xml.xsd'), '-'], { input: xml, encoding: 'utf8' });
  if (run.error) throw new Error(`xmllint could not run (Debian package libxml2-utils): ${run.error.message}`);
  return { ok: run.status === 0, messages: run.stderr };
}

let validator: ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
/** ajv's verdict on a schedule.json document: the schema errors, none when valid. */
export function scheduleJsonErrors(document: unknown): ErrorObject[] {
  if (!validator) {
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, meta: false });
    ajv.addMetaSchema(draft06);
    ajv.opts.defaultMeta = draft06.$id;
    addFormats.default(ajv);
    // The schema's own non-standard annotations and its `color` format (`#rrggbb`).
    ajv.addKeyword('$oneOf').addKeyword('$todo');
    ajv.addFormat('color', /^#[0-9a-fA-F]{6}$/);
    validator = ajv.compile(JSON.parse(readFileSync(fixture('schedule.schema.json'), 'utf8')));
  }
  return validator(document) ? [] : (validator.errors ?? []);
}
