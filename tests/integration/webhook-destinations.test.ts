/**
 * Webhook destinations on a server with the default policy (docs/decisions/028, "destinations"):
 * an endpoint on loopback, link-local, unspecified or metadata addresses is refused when saved,
 * through the API and the HTML form, in any spelling, with a localized reason; URLs are stored
 * as normalised; and an endpoint that points at loopback anyway (saved before the rule, or whose
 * name now resolves there) is refused again when a message is sent, so the receiver gets nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import { useAdminServer } from '../helpers/admin-client.ts';
import { Receiver } from '../helpers/webhook-receiver.ts';

const running = useAdminServer({ HUB_DEMO: '0', HUB_WEBHOOK_RETRY_BASE_MS: '60000' });
const receiver = new Receiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

describe('saving an endpoint', () => {
  it('refuses internal addresses in any spelling, naming the reason in the caller’s language', async () => {
    const { admin } = running.app;
    const cases: [string, string][] = [
      ['http://127.0.0.1:8080/hook', 'URL_LOOPBACK'],
      ['http://2130706433/hook', 'URL_LOOPBACK'],
      ['http://0177.0.0.1/hook', 'URL_LOOPBACK'],
      ['http://0x7f.1/hook', 'URL_LOOPBACK'],
      ['http://127.1/hook', 'URL_LOOPBACK'],
      ['http://[::1]/hook', 'URL_LOOPBACK'],
      ['http://[::ffff:127.0.0.1]/hook', 'URL_LOOPBACK'],
      ['http://localhost/hook', 'URL_LOOPBACK'],
      ['http://0.0.0.0/hook', 'URL_UNSPECIFIED'],
      ['http://[::]/hook', 'URL_UNSPECIFIED'],
      ['http://169.254.1.1/hook', 'URL_LINK_LOCAL'],
      ['http://169.254.169.254/latest/meta-data/', 'URL_METADATA'],
      ['http://[fd00:ec2::254]/latest/meta-data/', 'URL_METADATA'],
      ['http://metadata.google.internal/computeMetadata/v1/', 'URL_METADATA'],
    ];
    for (const [url, code] of cases) {
      const response = await admin.request('POST', '/api/admin/webhooks', { url, events: ['tag.deleted'] }, { 'accept-language': 'de' });
      expect(response.status, url).toBe(400);
      const problem = await response.json();
      expect(problem, url).toMatchObject({
        code: 'VALIDATION_FAILED',
        title: getTranslator('de')('webhooks.error.VALIDATION_FAILED'),
        errors: { url: [code] },
      });
    }
    expect((await admin.call('GET', '/api/admin/webhooks')).body.endpoints).toEqual([]);

    const form = new URLSearchParams({ url: 'http://0x7f.1:9/hook', description: 'Form', enabled: 'on', events: 'tag.deleted' });
    const invalid = await admin.request('POST', '/fr/admin/webhooks/new', form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(invalid.status).toBe(422);
    expect(await invalid.text()).toContain(getTranslator('fr')('webhooks.field.error.URL_LOOPBACK'));
  });

  it('refuses an edit to an internal address and stores the URL as normalised', async () => {
    const { admin } = running.app;
    const created = await admin.call('POST', '/api/admin/webhooks', { url: 'HTTP://0xCB.0.113.7:80/a/../hook', events: ['tag.deleted'], enabled: false });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.url).toBe('http://203.0.113.7/hook');
    expect((await admin.call('GET', `/api/admin/webhooks/${created.body.id}`)).body.url).toBe('http://203.0.113.7/hook');
    const patched = await admin.call('PATCH', `/api/admin/webhooks/${created.body.id}`, { url: 'http://[::ffff:169.254.169.254]/' });
    expect(patched.status).toBe(400);
    expect(patched.body.errors).toEqual({ url: ['URL_METADATA'] });
    expect((await admin.call('GET', `/api/admin/webhooks/${created.body.id}`)).body.url).toBe('http://203.0.113.7/hook');
  });
});

describe('sending a message', () => {
  it('refuses an endpoint that points at loopback anyway; the receiver gets nothing', async () => {
    const { admin, server } = running.app;
    const created = await admin.call('POST', '/api/admin/webhooks', { url: 'http://203.0.113.8/hook', events: ['tag.deleted'], enabled: false });
    // Saved before the rule existed, or a name that resolved elsewhere when it was saved.
    await server.query('UPDATE webhook_endpoints SET url = ? WHERE id = ?', [`${receiver.origin}/internal`, created.body.id]);
    expect((await admin.request('POST', `/api/admin/webhooks/${created.body.id}/ping`)).status).toBeLessThan(300);
    const attempt = await vi.waitFor(
      async () => {
        const [row] = await server.query<{ error: string; status_code: number | null }>(
          'SELECT a.error, a.status_code FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = ?',
          [created.body.id],
        );
        if (!row) throw new Error('no attempt yet');
        return row;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(attempt).toEqual({ error: 'DESTINATION_REFUSED_LOOPBACK', status_code: null });
    expect(receiver.received).toEqual([]);
    expect(receiver.rejected).toEqual([]);
  });
});
