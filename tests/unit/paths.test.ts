import { describe, expect, it } from 'vitest';
import { paths, switchLocale } from '../../src/lib/paths.ts';

describe('switchLocale', () => {
  it('keeps the page and the query', () => {
    expect(switchLocale(new URL('http://x/fr/hub/event/jazz?x=1'), 'de')).toBe('/de/hub/event/jazz?x=1');
    expect(switchLocale(new URL('http://x/en'), 'fr')).toBe('/fr');
    expect(switchLocale(new URL('http://x/en/'), 'fr')).toBe('/fr');
  });
});

describe('admin paths', () => {
  it('builds API paths with an optional id, endpoint and query', () => {
    expect(paths.adminApi('events')).toBe('/api/admin/events');
    expect(paths.adminApi('events', 4, new URLSearchParams({ detach: 'true' }))).toBe('/api/admin/events/4?detach=true');
    expect(paths.adminApi('tags', 'bulk', new URLSearchParams())).toBe('/api/admin/tags/bulk');
  });

  it('builds the screens of a collection', () => {
    expect(paths.adminList('fr', 'events')).toBe('/fr/admin/events');
    expect(paths.adminCreate('de', 'medias')).toBe('/de/admin/medias/new');
    expect(paths.adminEdit('en', 'tags', 7)).toBe('/en/admin/tags/7');
    expect(paths.adminPreview('en', 'edition', 'spring')).toBe('/en/admin/preview/edition/spring');
  });
});
