import { describe, expect, it } from 'vitest';
import { unpublishedSince } from '../../src/components/admin/ui/Badges.tsx';

describe('unpublishedSince (the status lists and forms show)', () => {
  const now = Date.parse('2026-05-20T12:00:00Z');
  it('names the instant once a published item’s "Unpublish on" has passed', () => {
    expect(unpublishedSince('published', '2026-05-12T10:00:00.000Z', now)).toEqual(new Date('2026-05-12T10:00:00Z'));
    expect(unpublishedSince('published', '2026-05-20T12:00:00.000Z', now)).not.toBeNull();
  });
  it('is null before that instant, without one, and for items that are not published', () => {
    expect(unpublishedSince('published', '2026-06-01T00:00:00.000Z', now)).toBeNull();
    expect(unpublishedSince('published', null, now)).toBeNull();
    expect(unpublishedSince('draft', '2026-05-12T10:00:00.000Z', now)).toBeNull();
  });
});
