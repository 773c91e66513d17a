/**
 * Every collection's webhook message carries the public URLs of the item's hub pages, one per
 * locale it has texts in, when the collection has such pages; the others carry `urls: null`. The
 * expected page of each collection is written out here, so a new collection fails this test until
 * its declaration says whether (and where) its items have a page.
 */
import { describe, expect, it } from 'vitest';
import { collectionNames, type CollectionName } from '../../src/lib/collections/index.ts';
import { adminResources } from '../../src/server/collections/registry.ts';
import { contentEventData } from '../../src/server/engine/content-webhooks.ts';

const origin = 'https://festival.example';

const hubPage: Record<CollectionName, string | null> = {
  curators: 'curator',
  editions: 'edition',
  events: 'event',
  files: null,
  medias: null,
  organizers: 'organizer',
  tags: null,
  venues: 'venue',
};

describe('webhook messages name the hub pages of their item', () => {
  it.each(collectionNames)('%s', (collection) => {
    const spec = adminResources[collection].spec;
    const textField = spec.translations.fields[0]!;
    const data = contentEventData(
      spec,
      {
        id: 7,
        values: { slug: 'the-item', status: 'published' },
        translations: { en: { [textField]: 'The item' }, fr: { [textField]: "L'objet" } },
        links: {},
      },
      origin,
    );
    const page = hubPage[collection];
    expect(data['urls']).toEqual(page ? { en: `${origin}/en/hub/${page}/the-item`, fr: `${origin}/fr/hub/${page}/the-item` } : null);
  });
});
