/** S3 settings: a bucket brings what it needs, and nothing S3 is set without a bucket. */
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../src/server/config/env.ts';
import { contentTypeOfKey } from '../../src/server/storage/keys.ts';

const bucket = { S3_BUCKET: 'festival-uploads', S3_REGION: 'auto' };
const sha = 'ab'.repeat(32);

function errorOf(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error('expected the environment to be refused');
}

describe('S3 storage settings', () => {
  it('keeps uploads on local disk by default', () => {
    const env = parseEnv({});
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.HUB_MEDIA_BASE_URL).toBeUndefined();
  });

  it('accepts a bucket with its region, keys in pairs, an endpoint and the path style', () => {
    const env = parseEnv({
      ...bucket,
      S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      HUB_MEDIA_BASE_URL: 'https://media.festival.example/',
    });
    expect(env).toMatchObject({
      S3_BUCKET: 'festival-uploads',
      S3_REGION: 'auto',
      S3_FORCE_PATH_STYLE: true,
      HUB_MEDIA_BASE_URL: 'https://media.festival.example',
    });
    // No keys: the AWS SDK's own credential chain (an instance role, AWS_* variables).
    expect(parseEnv(bucket).S3_ACCESS_KEY_ID).toBeUndefined();
  });

  it('refuses to start with a bucket but no region, or half a key pair', () => {
    expect(errorOf({ S3_BUCKET: 'festival-uploads' })).toMatch(/S3_REGION: is required with S3_BUCKET/);
    expect(errorOf({ ...bucket, S3_ACCESS_KEY_ID: 'key' })).toMatch(/S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(errorOf({ ...bucket, S3_SECRET_ACCESS_KEY: 'secret' })).toMatch(/S3_ACCESS_KEY_ID: /);
  });

  it('refuses S3 settings or a media base URL without a bucket (uploads would silently stay local)', () => {
    expect(errorOf({ S3_REGION: 'eu-west-1', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toMatch(/S3_BUCKET: is required when S3_REGION, S3_ENDPOINT are set/);
    expect(errorOf({ HUB_MEDIA_BASE_URL: 'https://cdn.example' })).toMatch(/S3_BUCKET: is required when HUB_MEDIA_BASE_URL is set/);
  });

  it('refuses malformed bucket names, endpoints and flags', () => {
    expect(errorOf({ ...bucket, S3_BUCKET: 'ab' })).toMatch(/S3_BUCKET: must be a bucket name/);
    expect(errorOf({ ...bucket, S3_BUCKET: 'Upper_Case' })).toMatch(/S3_BUCKET: must be a bucket name/);
    expect(errorOf({ ...bucket, S3_ENDPOINT: 'ftp://store.example' })).toMatch(/S3_ENDPOINT: must be an http\(s\) URL/);
    expect(errorOf({ ...bucket, S3_FORCE_PATH_STYLE: 'maybe' })).toMatch(/S3_FORCE_PATH_STYLE: must be one of/);
    expect(errorOf({ ...bucket, HUB_MEDIA_BASE_URL: 'media.example' })).toMatch(/HUB_MEDIA_BASE_URL: must be an http\(s\) URL/);
  });
});

describe('content types kept with stored objects', () => {
  it('names images, videos, audio and variants by type, and downloads as opaque bytes', () => {
    expect(contentTypeOfKey(`ab/${sha}.jpg`)).toBe('image/jpeg');
    expect(contentTypeOfKey(`ab/${sha}.mp4`)).toBe('video/mp4');
    expect(contentTypeOfKey(`ab/${sha}.mp3`)).toBe('audio/mpeg');
    expect(contentTypeOfKey(`variants/ab/${sha}-w320.avif`)).toBe('image/avif');
    expect(contentTypeOfKey(`ab/${sha}.pdf`)).toBe('application/octet-stream');
  });
});
