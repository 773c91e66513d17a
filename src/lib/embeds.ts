/**
 * Video links editors can add as medias: YouTube and Vimeo. An address is recognised in any of
 * the forms people copy (watch page, short link, Shorts, live, the player's own address) and
 * stored in one canonical form, the public watch page; the player's address is derived from it.
 * YouTube plays from its no-cookie domain. Anything else is refused, so a page never frames an
 * origin the Content-Security-Policy does not name.
 */

export const embedProviders = ['youtube', 'vimeo'] as const;
export type EmbedProvider = (typeof embedProviders)[number];

export interface Embed {
  provider: EmbedProvider;
  /** The video's id at its provider. */
  id: string;
  /** The canonical public page of the video (what is stored). */
  watchUrl: string;
  /** The address an `<iframe>` plays. */
  playerUrl: string;
}

/** Origins the players are served from (the CSP's `frame-src` names these when a page embeds one). */
export const embedPlayerOrigins: Readonly<Record<EmbedProvider, string>> = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
};

/** The providers' own names, shown as they are in every locale. */
export const embedProviderNames: Readonly<Record<EmbedProvider, string>> = { youtube: 'YouTube', vimeo: 'Vimeo' };

const youtubeId = /^[A-Za-z0-9_-]{11}$/;
const youtubeHosts = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const vimeoId = /^\d{1,12}$/;
const vimeoHash = /^[0-9a-f]{6,20}$/i;

function youtube(id: string | null | undefined): Embed | null {
  if (!id || !youtubeId.test(id)) return null;
  return { provider: 'youtube', id, watchUrl: `https://www.youtube.com/watch?v=${id}`, playerUrl: `${embedPlayerOrigins.youtube}/embed/${id}` };
}

function vimeo(id: string | undefined, hash: string | null | undefined): Embed | null {
  if (!id || !vimeoId.test(id)) return null;
  if (hash && !vimeoHash.test(hash)) return null;
  return {
    provider: 'vimeo',
    id,
    watchUrl: `https://vimeo.com/${id}${hash ? `/${hash}` : ''}`,
    playerUrl: `${embedPlayerOrigins.vimeo}/video/${id}${hash ? `?h=${hash}` : ''}`,
  };
}

/** The video behind a pasted address, or null when it is not a YouTube or Vimeo video. */
export function parseEmbedUrl(input: string): Embed | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);

  if (host === 'youtu.be') return segments.length === 1 ? youtube(segments[0]) : null;
  if (youtubeHosts.has(host)) {
    if (segments.length === 1 && segments[0] === 'watch') return youtube(url.searchParams.get('v'));
    if (segments.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(segments[0]!)) return youtube(segments[1]);
    return null;
  }
  if (host === 'vimeo.com' || host === 'www.vimeo.com') {
    if (segments.length === 1) return vimeo(segments[0], null);
    if (segments.length === 2 && vimeoId.test(segments[0]!)) return vimeo(segments[0], segments[1]);
    if (segments.length === 3 && segments[0] === 'video') return vimeo(segments[1], segments[2]);
    return null;
  }
  if (host === 'player.vimeo.com') {
    return segments.length === 2 && segments[0] === 'video' ? vimeo(segments[1], url.searchParams.get('h')) : null;
  }
  return null;
}
