/**
 * Sanitising the name a client gave its file. The name is only ever shown and offered back in
 * `Content-Disposition`; storage keys are content hashes, so no name can reach a path. Still, the
 * stored name keeps no directories, control or bidi characters, or characters Windows refuses.
 */

const MAX_NAME_LENGTH = 150;

/** A safe display/download name for an uploaded file (`fallback` when nothing usable remains). */
export function sanitizeFileName(raw: string, fallback = 'file'): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if ([...name].length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name =
      [...name.slice(0, name.length - ext.length)]
        .slice(0, MAX_NAME_LENGTH - ext.length)
        .join('')
        .trimEnd() + ext;
  }
  return name || fallback;
}

/** The lowercase extension of a (sanitised) name, without the dot; '' when none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The name without its extension (a default title for a download). */
export function stemOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
