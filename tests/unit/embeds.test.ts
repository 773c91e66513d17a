import { describe, expect, it } from 'vitest';
import { parseEmbedUrl } from '../../src/lib/embeds.ts';
import { videoLinkField } from '../../src/lib/collections/medias.ts';

const youtube = {
  provider: 'youtube',
  id: 'dQw4w9WgXcQ',
  watchUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  playerUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
};

describe('video links', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?v=dQw4w9WgXcQ&list=PL123&t=42s',
    'http://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
    'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?si=abc',
    'https://www.youtube.com/embed/dQw4w9WgXcQ?start=10',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtube.com/live/dQw4w9WgXcQ?feature=shared',
    'https://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ',
    '  https://www.youtube.com/v/dQw4w9WgXcQ  ',
  ])('reads the YouTube video of %s', (input) => {
    expect(parseEmbedUrl(input)).toEqual(youtube);
  });

  it.each([
    ['https://vimeo.com/76979871', 'https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://www.vimeo.com/76979871?share=copy', 'https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/8272103f6e', 'https://vimeo.com/76979871/8272103f6e', 'https://player.vimeo.com/video/76979871?h=8272103f6e'],
    [
      'https://player.vimeo.com/video/76979871?h=8272103f6e&badge=0',
      'https://vimeo.com/76979871/8272103f6e',
      'https://player.vimeo.com/video/76979871?h=8272103f6e',
    ],
    ['https://vimeo.com/video/76979871/8272103f6e', 'https://vimeo.com/76979871/8272103f6e', 'https://player.vimeo.com/video/76979871?h=8272103f6e'],
  ])('reads the Vimeo video of %s', (input, watchUrl, playerUrl) => {
    expect(parseEmbedUrl(input)).toEqual({ provider: 'vimeo', id: '76979871', watchUrl, playerUrl });
  });

  it.each([
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXc',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQQ',
    'https://www.youtube.com/watch?v=dQw4w9WgX%22Q',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs',
    'https://www.youtube.com/@blender',
    'https://www.youtube.com/channel/UCSMOQeBJ2RAnuFungnQOxLg',
    'https://youtu.be/dQw4w9WgXcQ/extra',
    'https://user:secret@www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'ftp://youtu.be/dQw4w9WgXcQ',
    'data:text/html,<iframe src="https://youtu.be/dQw4w9WgXcQ">',
    'youtu.be/dQw4w9WgXcQ',
    'https://vimeo.com/channels/staffpicks',
    'https://vimeo.com/76979871/not-a-hash',
    'https://vimeo.com/1234567890123',
    'https://player.vimeo.com/video/76979871?h=%3Cscript%3E',
    '',
  ])('refuses %s', (input) => {
    expect(parseEmbedUrl(input)).toBeNull();
  });

  it('are stored in canonical form by the admin schema, with a code when refused', () => {
    expect(videoLinkField.parse(' https://youtu.be/dQw4w9WgXcQ ')).toBe(youtube.watchUrl);
    const refused = videoLinkField.safeParse('https://example.com/video.mp4');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['UNSUPPORTED_VIDEO_LINK']);
  });
});
