/**
 * The mails of review requests (docs/decisions/064), each in its recipient's language with a
 * link to the item: "waiting for your review" to each publisher, and the decision (approved, or
 * changes requested with the comment) to the person who asked. Written to the outbox in the
 * request's transaction; the cause names the request and the person, so each goes once.
 */
import type { Executor } from '../../../db/client.ts';
import { getTranslator, type UiKey } from '../../i18n/index.ts';
import type { CollectionEntity } from '../../lib/collections/index.ts';
import { paths } from '../../lib/paths.ts';
import { absoluteUrl, getSiteOrigin } from '../config/site-origin.ts';
import { mailSiteName } from '../config/site-settings.ts';
import { composeMail } from '../mail/compose.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { TeamRecipient } from '../team/directory.ts';

/** What every review mail says about its item. */
export interface ReviewedItem {
  requestId: number;
  collection: string;
  entity: CollectionEntity;
  itemId: number;
  /** The item's display title, or empty. */
  title: string;
}

/** What the mail is about: a new request, or a decision on one. */
export type ReviewMailEvent =
  { kind: 'submitted'; by: string; message: string | null } | { kind: 'approved'; by: string } | { kind: 'changes-requested'; by: string; comment: string };

const keys = {
  submitted: { subject: 'review.mail.submitted.subject', body: 'review.mail.submitted.body', action: 'review.mail.submitted.action' },
  approved: { subject: 'review.mail.approved.subject', body: 'review.mail.approved.body', action: 'review.mail.open' },
  'changes-requested': { subject: 'review.mail.changes.subject', body: 'review.mail.changes.body', action: 'review.mail.open' },
} as const satisfies Record<ReviewMailEvent['kind'], Record<string, UiKey>>;

/** Queues one review mail to `recipient`, in their language. */
export async function enqueueReviewMail(tx: Executor, recipient: TeamRecipient, item: ReviewedItem, event: ReviewMailEvent): Promise<boolean> {
  const { locale } = recipient;
  const t = getTranslator(locale);
  const kind = t(`admin.activity.entity.${item.entity}` as UiKey);
  const title = item.title || t('notes.mail.untitled', { kind, id: String(item.itemId) });
  const text = keys[event.kind];
  const quoted = event.kind === 'submitted' ? event.message : event.kind === 'changes-requested' ? event.comment : null;
  const url = absoluteUrl(getSiteOrigin(), `${paths.adminEdit(locale, item.collection, item.itemId)}#review`);
  const mail = composeMail({
    locale,
    siteName: await mailSiteName(tx, locale),
    subject: t(text.subject, { who: event.by, title }),
    paragraphs: [t(text.body, { who: event.by, kind, title }), ...(quoted ? [quoted] : [])],
    action: { label: t(text.action), url },
    footer: [t('review.mail.footer')],
  });
  return enqueueMail(tx, {
    cause: `review-${event.kind}:${item.requestId}:${recipient.id}`,
    kind: event.kind === 'submitted' ? 'review-request' : 'review-decision',
    to: recipient.email,
    locale,
    mail,
  });
}
