/**
 * docs/operators.md and the environment the product reads stay in step: every variable of
 * `envSchema` has a row in the guide's tables, and every row names a variable the product reads.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../src/server/config/env.ts';

/** Read straight from `process.env` before the schema runs, each for a reason of its own. */
const readOutsideTheSchema = [
  'HUB_DIST_DIR', // the build folder, needed before the server's environment is read (build-state.ts)
  'HUB_TEST_HOOKS', // the tests' fault-injection routes (errors/test-hooks.ts)
];

const guide = readFileSync(new URL('../../docs/operators.md', import.meta.url), 'utf8');
/** Variables named in the first cell of a table row: `| \`A\`, \`B\` | default | meaning |`. */
const documented = new Set(
  guide
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!)),
);
const declared = Object.keys(envSchema.in.shape);

describe('the operators’ guide', () => {
  it('documents every environment variable the product declares', () => {
    expect(declared.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('documents no variable the product does not read', () => {
    expect([...documented].filter((name) => !declared.includes(name) && !readOutsideTheSchema.includes(name))).toEqual([]);
  });

  it('reads the variables it says it reads outside the schema', () => {
    const sources = ['src/server/runtime/build-state.ts', 'src/server/errors/test-hooks.ts', 'src/server/config/env.ts']
      .map((path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'))
      .join('\n');
    for (const name of readOutsideTheSchema) expect(sources, name).toContain(name);
  });
});
