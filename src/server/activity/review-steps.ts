/**
 * How a review step (docs/decisions/064) reads in the activity log and an item's history: "Approved
 * and published", "Approved and scheduled for <time>", and what the step said (the submitter's
 * message, the decider's comment) in full, instead of a list of changed fields. The review service
 * writes what was said on the step's audit entry as value changes from nothing.
 */
import type { Translate } from '../../i18n/index.ts';
import { adminResources } from '../collections/registry.ts';
import { reviewActions } from '../audit/record.ts';
import type { ActivityLabels } from './labels.ts';
import type { ActivityEntry } from './present.ts';

/** What a step's audit entry may carry: the submit's message, the request's comment, the approval's publication time. */
export type ReviewStepDetail = 'message' | 'comment' | 'publishAt';

export interface ReviewStepText {
  /** Replaces the action's label: what was decided. */
  headline: string;
  /** The message or comment, as written. */
  said: string | null;
}

const isReviewAction = (action: string): boolean => (reviewActions as readonly string[]).includes(action);

function detailOf(entry: ActivityEntry, field: ReviewStepDetail): string | null {
  const change = entry.changes?.find((item) => item.kind === 'value' && item.field === field);
  return change?.kind === 'value' && typeof change.to === 'string' && change.to !== '' ? change.to : null;
}

/** The step's wording, or null when the entry is not a review step. */
export function describeReviewStep(entry: ActivityEntry, labels: ActivityLabels, t: Translate): ReviewStepText | null {
  if (!isReviewAction(entry.action)) return null;
  let headline = labels.action(entry.action);
  if (entry.action === 'review-approve') {
    const publishAt = detailOf(entry, 'publishAt');
    const publishes = entry.collection !== undefined && adminResources[entry.collection].spec.publication !== undefined;
    if (publishAt) headline = t('admin.activity.review.approvedScheduled', { time: labels.value('publishAt', publishAt) });
    else if (publishes) headline = t('admin.activity.review.approvedPublished');
  }
  return { headline, said: detailOf(entry, 'message') ?? detailOf(entry, 'comment') };
}
