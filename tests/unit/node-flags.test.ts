import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS, startCommand } from '../../src/server/runtime/node-flags.ts';

describe('server process settings', () => {
  it('npm start runs the server with the flags the test and benchmark servers use', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(startCommand());
  });

  it('are flags this Node accepts (an unknown V8 flag stops the server from starting)', () => {
    const probe = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'console.log("started")'], {
      env: { ...process.env, ...SERVER_ENV },
      encoding: 'utf8',
    });
    expect(probe.stderr).toBe('');
    expect(probe.status).toBe(0);
    expect(probe.stdout.trim()).toBe('started');
  });
});
