/**
 * A stand-in "translation" for tests of translation suggestions (docs/decisions/056): the text of
 * an HTML fragment in capitals, its tags, attributes and entities untouched, as a real service
 * leaves them. Whatever was sent to the service shows in capitals in the suggestion; whatever
 * was kept back (URLs, code, Markdown syntax) keeps its case.
 */
export function uppercaseHtml(html: string): string {
  return html.replace(
    /(<[^>]*>)|(&[a-z#0-9]+;)|([^<&]+|&)/gi,
    (whole, tag: string | undefined, entity: string | undefined) => tag ?? entity ?? whole.toUpperCase(),
  );
}
