import { describe, expect, it } from 'vitest';
import { markdownToText, renderMarkdown } from '../../src/server/markdown/render.ts';

describe('renderMarkdown', () => {
  it('renders the Markdown staff write', () => {
    const html = renderMarkdown('## About\n\nSome *text* and a [link](https://example.org/x).\n\n- one\n- two');
    expect(html).toContain('<h2>About</h2>');
    expect(html).toContain('<em>text</em>');
    expect(html).toContain('<a href="https://example.org/x" rel="noopener noreferrer">link</a>');
    expect(html).toContain('<li>one</li>');
  });

  it('removes scripts, event handlers, styles, iframes and dangerous URLs', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<iframe src="https://evil.example"></iframe>\n\n' +
        '[click](javascript:alert(3)) <a href="data:text/html,x">d</a> <span style="color:red" onclick="x()">s</span>',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|<iframe|javascript:|data:text|style=|<img/i);
    expect(html).toContain('s');
  });

  it('keeps the page h1 unique by demoting body h1', () => {
    expect(renderMarkdown('# Title').trim()).toBe('<h2>Title</h2>');
  });

  it('gives plain text for descriptions', () => {
    expect(markdownToText('## About\n\nA & B <x> [l](https://e.org)')).toBe('About A & B l');
    expect(markdownToText('word '.repeat(100), 20)).toHaveLength(20);
    expect(renderMarkdown(null)).toBe('');
  });
});
