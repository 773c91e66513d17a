/**
 * One look for every message: plain text plus simple HTML, in the recipient's locale, signed with
 * the site name. Templates pass already-translated strings; this escapes them for HTML.
 */
import { getTranslator } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/config.ts';

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailContent {
  locale: Locale;
  subject: string;
  /** Paragraphs of plain text (no markup). */
  paragraphs: readonly string[];
  /** The one thing to do: a button in HTML, a bare URL on its own line in text. */
  action?: { label: string; url: string } | undefined;
  /** Small print after the action (why you got this, when a link expires). */
  footer?: readonly string[] | undefined;
  /** The site name that signs the message (the admin's setting, `mailSiteName`); default: the UI string. */
  siteName?: string | undefined;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Builds the subject, text and HTML of one message. */
export function composeMail(content: MailContent): ComposedMail {
  const t = getTranslator(content.locale);
  const site = content.siteName ?? t('site.name');
  const footer = content.footer ?? [];
  const text = [...content.paragraphs, ...(content.action ? [`${content.action.label}:\n${content.action.url}`] : []), ...footer, `— ${site}`].join('\n\n');
  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const html = [
    `<!doctype html><html lang="${content.locale}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#ffffff">',
    '<div style="max-width:560px;margin:0 auto">',
    `<p style="margin:0 0 24px;font-weight:700">${escapeHtml(site)}</p>`,
    ...content.paragraphs.map(paragraph),
    content.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(content.action.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:14px;color:#555555;word-break:break-all">${escapeHtml(content.action.url)}</p>`
      : '',
    ...footer.map((line) => `<p style="margin:0 0 8px;font-size:14px;color:#555555">${escapeHtml(line)}</p>`),
    '</div></body></html>',
  ].join('');
  return { subject: `${content.subject} · ${site}`, text, html };
}
