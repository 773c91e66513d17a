/**
 * The browser twin of the server's Markdown sanitiser (src/server/markdown/render.ts, which uses
 * sanitize-html — far too heavy for the admin bundle): the same allow-list of tags, attributes and
 * URL schemes, applied by walking an inert `<template>` parse of the HTML. So the preview shows
 * what the public page will show, and nothing in a draft can run script in an editor's session.
 */
import { markdownAttributes, markdownSchemes, markdownTags } from '../../../lib/markdown-policy.ts';

const allowedTags: ReadonlySet<string> = new Set(markdownTags);
const allowedAttributes = markdownAttributes;
/** Disallowed tags whose content goes too (everything else disallowed is unwrapped). */
const dropWithContent = new Set(['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'title']);
const renamed: Record<string, string> = { h1: 'h2' };
const SAFE_URL = new RegExp(`^(?:${markdownSchemes.join('|')}):`, 'i');
const RELATIVE_URL = /^(?:[/?#]|[^:/?#]*(?:[/?#]|$))/;

function safeHref(value: string): string | null {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const compact = value.replace(/[\u0000-\u0020\u007f]/g, '');
  if (compact.startsWith('//')) return null;
  return SAFE_URL.test(compact) || RELATIVE_URL.test(compact) ? value : null;
}

function cleanChildren(source: ParentNode, target: Node, doc: Document): void {
  for (const node of [...source.childNodes]) {
    if (node.nodeType === 3) {
      target.appendChild(doc.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    const tag = element.localName;
    const name = renamed[tag] ?? tag;
    if (!allowedTags.has(name)) {
      if (!dropWithContent.has(tag)) cleanChildren(element, target, doc);
      continue;
    }
    const clean = doc.createElement(name);
    for (const attribute of allowedAttributes[name] ?? []) {
      const value = element.getAttribute(attribute);
      if (value === null) continue;
      if (attribute === 'href') {
        const href = safeHref(value);
        if (href === null) continue;
        clean.setAttribute('href', href);
        if (/^https?:/i.test(href)) clean.setAttribute('rel', 'noopener noreferrer');
      } else {
        clean.setAttribute(attribute, value);
      }
    }
    cleanChildren(element, clean, doc);
    target.appendChild(clean);
  }
}

/** A sanitised copy of an HTML fragment, as a DocumentFragment of the given document. */
export function sanitizeHtmlFragment(html: string, doc: Document = document): DocumentFragment {
  const template = doc.createElement('template');
  // A template's content is inert: nothing in it loads or runs while it is parsed and walked.
  template.innerHTML = html;
  const fragment = doc.createDocumentFragment();
  cleanChildren(template.content, fragment, doc);
  return fragment;
}
