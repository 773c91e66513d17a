/**
 * Unit and integration files share their worker's module graph (vitest.config.ts, `isolate: false`):
 * a module replaced by one file would be the module every later file in that worker imports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const moduleMock = /\bvi\.(?:mock|doMock|unmock|hoisted)\s*\(/;

function testFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => join(folder, name));
}

describe('files that share a module graph', () => {
  it('finds the test files it reads', () => {
    expect(testFiles('tests/unit').length).toBeGreaterThan(50);
    expect(testFiles('tests/integration').length).toBeGreaterThan(50);
  });

  it('never replace a module', () => {
    const mocking = [...testFiles('tests/unit'), ...testFiles('tests/integration')].filter((file) => moduleMock.test(readFileSync(join(root, file), 'utf8')));
    expect(mocking).toEqual([]);
  });
});
