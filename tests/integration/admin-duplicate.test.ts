/**
 * `POST /api/admin/<collection>/:id/duplicate` against the built server: every collection copies
 * an item as a draft with a new slug, its texts (titles marked "(copy)" per locale) and its
 * relations; the copy is audited, invisible on the hub while a draft, and a media or file copy
 * shares the stored blob so deleting either one keeps the other's file.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITOR_EMAIL, useAdminServer } from '../helpers/admin-client.ts';
import { createCurator, createEdition, createEvent, createFile, createImage, createOrganizer, createTag, type Created } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

async function auditRows(entity: string, id: number): Promise<string[]> {
  const rows = await running.app.server.query<{ action: string; actor_label: string }>(
    'SELECT action, actor_label FROM audit_log WHERE entity = ? AND entity_id = ? ORDER BY id',
    [entity, String(id)],
  );
  return rows.map((row) => `${row.action} by ${row.actor_label}`);
}

async function duplicate(collection: string, id: number) {
  return running.app.editor.call('POST', `/api/admin/${collection}/${id}/duplicate`);
}

describe('duplicating each collection', () => {
  it('copies an event as a draft with a new slug, every locale marked, every relation kept, invisible on the hub', async () => {
    const { editor } = running.app;
    const [tag, curator, organizer, cover, gallery, file, edition] = await Promise.all([
      createTag(editor),
      createCurator(editor),
      createOrganizer(editor),
      createImage(editor),
      createImage(editor),
      createFile(editor),
      createEdition(editor, { status: 'published' }),
    ]);
    const original = await createEvent(editor, {
      status: 'published',
      eventStatus: 'cancelled',
      unpublishAt: '2099-01-01T00:00:00.000Z',
      slug: 'night-of-sound',
      editionId: edition.id,
      coverMediaId: cover.id,
      tagIds: [tag.id],
      curatorIds: [curator.id],
      organizerIds: [organizer.id],
      mediaIds: [gallery.id, cover.id],
      fileIds: [file.id],
      translations: { en: { title: 'Night of Sound', summary: 'Loud.' }, fr: { title: 'Nuit du son' }, de: { title: 'Klangnacht', venueName: 'Halle' } },
    });
    const { status, body, headers } = await duplicate('events', original.id);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(headers.get('location')).toBe(`/api/admin/events/${body.id}`);
    expect(body).toMatchObject({
      status: 'draft',
      publishAt: null,
      unpublishAt: null,
      // A copy is a new event being planned: the original's cancellation is not its own.
      eventStatus: 'scheduled',
      slug: 'night-of-sound-copy',
      version: 1,
      editionId: edition.id,
      coverMediaId: cover.id,
      startsAt: original['startsAt'],
      endsAt: original['endsAt'],
      timeZone: 'Europe/Paris',
      venueAddress: original['venueAddress'],
      tagIds: [tag.id],
      curatorIds: [curator.id],
      organizerIds: [organizer.id],
      mediaIds: [gallery.id, cover.id],
      fileIds: [file.id],
      translations: {
        en: { title: 'Night of Sound (copy)', summary: 'Loud.' },
        fr: { title: 'Nuit du son (copie)' },
        de: { title: 'Klangnacht (Kopie)', venueName: 'Halle' },
      },
    });
    expect(body.id).not.toBe(original.id);
    expect(await auditRows('event', body.id)).toEqual([`create by ${EDITOR_EMAIL}`]);
    // The original is untouched and still public; the draft copy is not.
    expect((await editor.call('GET', `/api/admin/events/${original.id}`)).body).toMatchObject({ status: 'published', slug: 'night-of-sound' });
    expect((await fetch(`${running.app.server.origin}/en/hub/event/night-of-sound`)).status).toBe(200);
    expect((await fetch(`${running.app.server.origin}/en/hub/event/${body.slug}`)).status).toBe(404);

    const again = await duplicate('events', original.id);
    expect(again.body.slug).toBe('night-of-sound-copy-2');
  });

  it('copies an edition as a draft with its tags, curators and files', async () => {
    const { editor } = running.app;
    const [tag, curator, file] = await Promise.all([createTag(editor), createCurator(editor), createFile(editor)]);
    const original = await createEdition(editor, {
      status: 'published',
      slug: 'spring-2031',
      tagIds: [tag.id],
      curatorIds: [curator.id],
      fileIds: [file.id],
      translations: { en: { title: 'Spring 2031', body: 'Hello' }, fr: { title: 'Printemps 2031' } },
    });
    const { status, body } = await duplicate('editions', original.id);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({
      status: 'draft',
      slug: 'spring-2031-copy',
      startsAt: original['startsAt'],
      tagIds: [tag.id],
      curatorIds: [curator.id],
      fileIds: [file.id],
      translations: { en: { title: 'Spring 2031 (copy)', body: 'Hello' }, fr: { title: 'Printemps 2031 (copie)' } },
    });
    expect(await auditRows('edition', body.id)).toEqual([`create by ${EDITOR_EMAIL}`]);
    expect((await fetch(`${running.app.server.origin}/en/hub/edition/spring-2031`)).status).toBe(200);
    expect((await fetch(`${running.app.server.origin}/en/hub/edition/spring-2031-copy`)).status).toBe(404);
  });

  it.each([
    [
      'tags',
      () => createTag(running.app.editor, { slug: 'drone', translations: { en: { label: 'Drone' }, de: { label: 'Bordun' } } }),
      { slug: 'drone-copy', translations: { en: { label: 'Drone (copy)' }, de: { label: 'Bordun (Kopie)' } } },
    ],
    [
      'curators',
      () => createCurator(running.app.editor, { slug: 'ada', name: 'Ada', links: [{ label: 'Site', url: 'https://ada.example' }] }),
      {
        slug: 'ada-copy',
        name: 'Ada (copy)',
        links: [{ label: 'Site', url: 'https://ada.example' }],
        translations: { en: { shortBio: 'Selects the programme.' } },
      },
    ],
    [
      'organizers',
      () => createOrganizer(running.app.editor, { slug: 'kollektiv', name: 'Kollektiv', websiteUrl: 'https://k.example' }),
      { slug: 'kollektiv-copy', name: 'Kollektiv (copy)', kind: 'organisation', websiteUrl: 'https://k.example' },
    ],
  ] as const)('copies %s with a new slug, its texts and its fields', async (collection, make, expected) => {
    const original: Created = await make();
    const { status, body } = await duplicate(collection, original.id);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject(expected);
    expect(await auditRows(collection.replace(/s$/, ''), body.id)).toEqual([`create by ${EDITOR_EMAIL}`]);
  });

  it('keeps a marked title within its length limit', async () => {
    const long = 'x'.repeat(100);
    const tag = await createTag(running.app.editor, { translations: { en: { label: long } } });
    const { status, body } = await duplicate('tags', tag.id);
    expect(status).toBe(201);
    expect(body.translations.en.label).toHaveLength(100);
    expect(body.translations.en.label).toMatch(/x \(copy\)$/);
  });

  it('404s an unknown id and refuses a visitor without a role', async () => {
    const missing = await duplicate('events', 987654);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
    expect((await duplicate('tags', 0)).status).toBe(404);
    const tag = await createTag(running.app.editor);
    expect((await running.app.visitor.call('POST', `/api/admin/tags/${tag.id}/duplicate`)).status).toBe(403);
    expect((await running.app.anonymous.call('POST', `/api/admin/tags/${tag.id}/duplicate`)).status).toBe(401);
  });
});

describe('duplicating uploads', () => {
  it('copies a media with its texts, sharing the blob: deleting either copy keeps the other file, and the blob goes with the last one out of the trash', async () => {
    const { editor } = running.app;
    const uploads = join(running.app.server.dir, 'uploads');
    // A size of its own: identical uploads share a blob, and this test watches this one blob.
    const original = await createImage(editor, { credit: 'Photo: Ada', translations: { en: { alt: 'A stage' }, fr: { alt: 'Une scène' } } }, 'png', 333, 222);
    const { status, body } = await duplicate('medias', original.id);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({
      kind: 'image',
      storageKey: original['storageKey'],
      credit: 'Photo: Ada',
      translations: { en: { alt: 'A stage' }, fr: { alt: 'Une scène' } },
    });
    expect(await auditRows('media', body.id)).toEqual([`create by ${EDITOR_EMAIL}`]);
    const blob = join(uploads, String(original['storageKey']));
    expect((await editor.request('DELETE', `/api/admin/medias/${original.id}`)).status).toBe(204);
    expect(existsSync(blob)).toBe(true);
    expect((await fetch(`${running.app.server.origin}${body.url}`)).status).toBe(200);
    expect((await editor.request('DELETE', `/api/admin/medias/${body.id}`)).status).toBe(204);
    // Both wait in the trash with their bytes (decision 053); once an admin purges them, the blob goes.
    expect(existsSync(blob)).toBe(true);
    for (const id of [original.id, body.id]) expect((await running.app.admin.request('DELETE', `/api/admin/trash/medias/${id}`)).status).toBe(204);
    expect(existsSync(blob)).toBe(false);
  });

  it('copies a file, marking its title; the copy keeps the download when the original goes', async () => {
    const { editor } = running.app;
    const uploads = join(running.app.server.dir, 'uploads');
    const original = await createFile(editor, 'press-kit.pdf', { translations: { en: { title: 'Press kit' }, de: { title: 'Pressemappe' } } });
    const { status, body } = await duplicate('files', original.id);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({
      originalName: 'press-kit.pdf',
      storageKey: original['storageKey'],
      translations: { en: { title: 'Press kit (copy)' }, de: { title: 'Pressemappe (Kopie)' } },
    });
    const blob = join(uploads, String(original['storageKey']));
    expect((await editor.request('DELETE', `/api/admin/files/${body.id}`)).status).toBe(204);
    expect(existsSync(blob)).toBe(true);
    expect((await fetch(`${running.app.server.origin}${original['url']}`)).status).toBe(200);
  });
});
