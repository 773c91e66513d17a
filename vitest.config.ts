import { defineConfig } from 'vitest/config';
import { RESOLVE_HOOKS_FLAG } from './src/server/runtime/node-flags.ts';

export default defineConfig({
  test: {
    // Integration files mostly wait on their own server processes: two files at a time keep both
    // cores busy (Vitest's default on a two-core machine is one).
    maxWorkers: 2,
    // Workers load drizzle-orm as the server does: through its exports map, read once (decision 066).
    execArgv: [RESOLVE_HOOKS_FLAG],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Unit files share their workers' module graph: importing the same schemas, strings and
          // libraries afresh for each of the ~90 files took about three quarters of the tier's time.
          // A unit test keeps no state in modules (none mocks a module).
          isolate: false,
          // The default 5 s: one test imports the Sentry SDK, which took longer on a loaded machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/global-setup.ts'],
          // Files share their worker's module graph, as unit files do: importing the server's
          // modules afresh for each file was about a third of the tier's time. An integration file
          // keeps its state in the servers and databases it starts, not in modules (none mocks one).
          isolate: false,
          // Generous: a file waits on its servers, and two files share two cores with them.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
