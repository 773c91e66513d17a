import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Integration files mostly wait on their own server processes: two files at a time keep both
    // cores busy (Vitest's default on a two-core machine is one).
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/global-setup.ts'],
          // Generous: a file waits on its servers, and two files share two cores with them.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
