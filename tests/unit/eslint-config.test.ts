/**
 * The lint rules `npm run validate` enforces, run through ESLint with the project's own config on
 * small sources: browser code may not import server-only modules, the server half of an island
 * may, and React's rules of hooks hold.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });
// Loading the config and its parsers takes seconds, once; a busy machine can make any lint slow.
vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => eslint.lintText('export {};\n', { filePath: 'src/components/hub/Warm.tsx' }), 60_000);

async function ruleIds(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId);
}

const importsServer = "import { getDb } from '../../server/db.ts';\nexport const db = getDb;\n";
const importsDb = "import { events } from '../../../db/schema.ts';\nexport const table = events;\n";

describe('the import boundary of browser code', () => {
  it('refuses src/server and db in island modules', async () => {
    expect(await ruleIds('src/components/hub/Probe.tsx', importsServer)).toEqual(['no-restricted-imports']);
    expect(await ruleIds('src/components/admin/lib/probe.ts', importsDb)).toEqual(['no-restricted-imports']);
  });

  it('refuses them in the <script> of an Astro component, and allows them in its frontmatter', async () => {
    const frontmatter = `---\n${importsServer}---\n<p>{String(db)}</p>\n`;
    expect(await ruleIds('src/components/hub/Probe.astro', frontmatter)).toEqual([]);
    const script = `<p>probe</p>\n<script>\n${importsServer}console.info(db);\n</script>\n`;
    expect(await ruleIds('src/components/hub/Probe.astro', script)).toEqual(['no-restricted-imports']);
  });

  it('allows them in the server half of an island and outside src/components', async () => {
    expect(await ruleIds('src/components/admin/probe.server.ts', importsServer)).toEqual([]);
    expect(await ruleIds('src/pages/probe.ts', "import { getDb } from '../server/db.ts';\nexport const db = getDb;\n")).toEqual([]);
  });
});

describe('React hooks', () => {
  it('refuses a conditional hook and a missing effect dependency', async () => {
    const code = [
      "import { useEffect, useState } from 'react';",
      'export function Probe({ on, id }: { on: boolean; id: string }) {',
      '  if (on) useState(0);',
      '  useEffect(() => console.info(id), []);',
      '  return null;',
      '}',
      '',
    ].join('\n');
    expect((await ruleIds('src/components/hub/Probe.tsx', code)).sort()).toEqual(['react-hooks/exhaustive-deps', 'react-hooks/rules-of-hooks']);
  });
});

describe('type assertions in the admin engine and the collection declarations', () => {
  const casts = "export const n = (JSON.parse('1') as number) + 1;\nexport const l = ['a'] as const;\n";

  it('refuses `as` (but not `as const`) in the engine, the resource files and the declarations', async () => {
    for (const filePath of ['src/server/engine/probe.ts', 'src/server/admin/probe.ts', 'src/server/collections/events.ts', 'src/lib/collections/probe.ts']) {
      expect(await ruleIds(filePath, casts)).toEqual(['@typescript-eslint/consistent-type-assertions']);
    }
  });

  it('leaves other modules alone', async () => {
    expect(await ruleIds('src/server/events/queries.ts', casts)).toEqual([]);
  });
});
