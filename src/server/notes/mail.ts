/**
 * The mail a mention sends (docs/decisions/061): in the recipient's language, naming who wrote
 * on which item, with the note's text and a link to the item's notes. Written to the outbox in
 * the note's transaction; its cause names the note and the person, so a note mails each once.
 */
import type { Executor } from '../../../db/client.ts';
import { getTranslator, type UiKey } from '../../i18n/index.ts';
import type { CollectionEntity } from '../../lib/collections/index.ts';
import { decodeMentions } from '../../lib/notes/mentions.ts';
import { paths } from '../../lib/paths.ts';
import { absoluteUrl, getSiteOrigin } from '../config/site-origin.ts';
import { mailSiteName } from '../config/site-settings.ts';
import { composeMail } from '../mail/compose.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { Mentionable } from './team.ts';

/** How much of the note the mail quotes. */
const EXCERPT_MAX = 600;

export interface MentionedIn {
  noteId: number;
  collection: string;
  entity: CollectionEntity;
  itemId: number;
  /** The item's display title, or empty. */
  title: string;
  author: string;
  body: string;
}

/** Queues the mention mail of `note` to `recipient`; false when this note already mailed them. */
export async function enqueueMentionMail(
  tx: Executor,
  recipient: Mentionable,
  note: MentionedIn,
  labelOf: (id: string) => string | undefined,
): Promise<boolean> {
  const { locale } = recipient;
  const t = getTranslator(locale);
  const kind = t(`admin.activity.entity.${note.entity}` as UiKey);
  const title = note.title || t('notes.mail.untitled', { kind, id: String(note.itemId) });
  const text = decodeMentions(note.body, labelOf).text;
  const excerpt = text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX)}…` : text;
  const url = absoluteUrl(getSiteOrigin(), `${paths.adminEdit(locale, note.collection, note.itemId)}#notes`);
  const mail = composeMail({
    locale,
    siteName: await mailSiteName(tx, locale),
    subject: t('notes.mail.subject', { author: note.author, title }),
    paragraphs: [t('notes.mail.body', { author: note.author, kind, title }), excerpt],
    action: { label: t('notes.mail.action'), url },
    footer: [t('notes.mail.footer')],
  });
  return enqueueMail(tx, { cause: `note-mention:${note.noteId}:${recipient.id}`, kind: 'note-mention', to: recipient.email, locale, mail });
}
