import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, startCommand } from '../../src/server/runtime/node-flags.ts';

describe('server process settings', () => {
  it('npm start runs the server with the flags the test and benchmark servers use', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(startCommand());
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
  });
});
