/**
 * Imported descriptions as Markdown that reads as their authors meant: frab and pretalx abstracts
 * often indent paragraphs by four spaces or a tab, which Markdown takes for a code block. Those
 * blocks are dedented into paragraphs; fenced code (```), the only way this product's editors
 * write code, is kept as is. The blocks are found by the same lexer that renders (marked).
 */
import { Lexer } from 'marked';

/** `text` with every indented code block at the top level turned back into plain paragraphs. */
export function normaliseImportedMarkdown(text: string): string {
  if (!/^(?: {4}|\t)/m.test(text)) return text;
  return Lexer.lex(text, { gfm: true })
    .map((token) => (token.type === 'code' && token.codeBlockStyle === 'indented' ? token.raw.replace(/^[ \t]+/gm, '') : token.raw))
    .join('');
}
