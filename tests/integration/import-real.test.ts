/**
 * Real third-party schedules (tests/fixtures/import/real, with their sources and licences)
 * through `POST /api/admin/import`: each test states what the file holds and what the import
 * makes of it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createEdition, type Created } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

const realFile = (name: string) => readFileSync(new URL(`../fixtures/import/real/${name}`, import.meta.url), 'utf8');

function edition(timeZone = 'Europe/Berlin'): Promise<Created> {
  return createEdition(running.app.editor, { timeZone, startsAt: '2019-01-01T00:00:00Z', endsAt: '2021-12-31T00:00:00Z' });
}

function importFile(body: Record<string, unknown>) {
  return running.app.editor.call('POST', '/api/admin/import', body);
}

describe('real schedules', () => {
  it('reads the four real files: camp2019 JSON (79 events), DiVOC XML (45) and ICS (45), an Exchange ICS (1)', async () => {
    const target = await edition();
    const expected = [
      ['camp2019.frab.json', 'frab-json', 79, 2],
      ['divoc-r2r-2021.frab.xml', 'frab-xml', 45, 8],
      ['divoc-r2r-2021.ics', 'ics', 45, 0],
      ['exchange-eastern-standard-time.ics', 'ics', 1, 0],
    ] as const;
    for (const [name, format, events, errors] of expected) {
      const dry = await importFile({ editionId: target.id, content: realFile(name), fileName: name });
      expect(dry.status, name).toBe(200);
      expect(dry.body.format, name).toBe(format);
      expect(dry.body.rows, name).toHaveLength(events);
      expect(dry.body.counts.error, name).toBe(errors);
    }
  });
});
