/** The webhook endpoint's create and change inputs: a change touches only the fields it names. */
import { describe, expect, it } from 'vitest';
import { webhookEndpointInput, webhookEndpointPatch } from '../../src/server/webhooks/schemas.ts';

describe('webhook endpoint inputs', () => {
  it('fills in the defaults of a new endpoint', () => {
    expect(webhookEndpointInput.parse({ url: 'https://receiver.example/hook', events: ['event.published'] })).toEqual({
      url: 'https://receiver.example/hook',
      description: '',
      enabled: true,
      events: ['event.published'],
    });
  });

  it('leaves out of a change what it does not name, so a disabled endpoint stays disabled', () => {
    expect(webhookEndpointPatch.parse({ events: ['tag.deleted', 'event.published'] })).toEqual({ events: ['event.published', 'tag.deleted'] });
    expect(webhookEndpointPatch.parse({ description: '  Press  ' })).toEqual({ description: 'Press' });
    expect(webhookEndpointPatch.parse({})).toEqual({});
  });

  it('refuses in a change what it refuses in a new endpoint', () => {
    expect(webhookEndpointPatch.safeParse({ enabled: 'yes' }).success).toBe(false);
    expect(webhookEndpointPatch.safeParse({ description: 'x'.repeat(501) }).success).toBe(false);
    expect(webhookEndpointPatch.safeParse({ events: [] }).success).toBe(false);
    expect(webhookEndpointPatch.safeParse({ secret: 'no' }).success).toBe(false);
  });
});
