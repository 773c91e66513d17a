/**
 * A review step (docs/decisions/064) reads as what was decided and what was said, in the activity
 * log and in an item's history: an approval says whether it published, scheduled (with the time
 * in the admin's zone, named) or only approved; a submit shows its message, a request its comment.
 */
import { describe, expect, it } from 'vitest';
import type { AuditChange } from '../../db/schema.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import type { CollectionName } from '../../src/lib/collections/index.ts';
import { formatAdminDate } from '../../src/lib/dates.ts';
import { activityLabels } from '../../src/server/activity/labels.ts';
import type { ActivityEntry } from '../../src/server/activity/present.ts';
import { describeReviewStep } from '../../src/server/activity/review-steps.ts';

const t = getTranslator('de');
const labels = activityLabels('de', t);

function entry(action: string, collection: CollectionName, changes: AuditChange[] | null = null): ActivityEntry {
  return {
    id: 1,
    at: new Date('2026-11-30T10:00:00Z'),
    actorLabel: 'Ada',
    action,
    entity: collection,
    collection,
    item: { id: 1, title: 'Talk', href: null },
    changes: changes as ActivityEntry['changes'],
    changedFields: [],
  };
}

describe('a review step', () => {
  it('says how an approval ended: published, scheduled for a time, or approved as it is', () => {
    expect(describeReviewStep(entry('review-approve', 'events'), labels, t)).toEqual({ headline: t('admin.activity.review.approvedPublished'), said: null });
    const at = '2027-06-01T10:30:00.000Z';
    expect(describeReviewStep(entry('review-approve', 'events', [{ kind: 'value', field: 'publishAt', from: null, to: at }]), labels, t)?.headline).toBe(
      t('admin.activity.review.approvedScheduled', { time: formatAdminDate('de', 'UTC', at) }),
    );
    expect(describeReviewStep(entry('review-approve', 'tags'), labels, t)?.headline).toBe(t('admin.activity.action.review-approve'));
  });

  it('carries the message or the comment as written, and leaves other entries alone', () => {
    const message = 'Bitte prüfen:\nÖffnungszeiten';
    expect(describeReviewStep(entry('review-submit', 'events', [{ kind: 'value', field: 'message', from: null, to: message }]), labels, t)).toEqual({
      headline: t('admin.activity.action.review-submit'),
      said: message,
    });
    expect(
      describeReviewStep(entry('review-request-changes', 'venues', [{ kind: 'value', field: 'comment', from: null, to: 'Raum fehlt' }]), labels, t)?.said,
    ).toBe('Raum fehlt');
    expect(describeReviewStep(entry('review-withdraw', 'events'), labels, t)).toEqual({ headline: t('admin.activity.action.review-withdraw'), said: null });
    expect(describeReviewStep(entry('update', 'events', [{ kind: 'value', field: 'message', from: null, to: 'x' }]), labels, t)).toBeNull();
  });
});
