/**
 * The Content-Security-Policy allows the application's own inline scripts (known when it is
 * built), whatever a page's content: what an editor writes can never carry its own allowance.
 */
import { describe, expect, it } from 'vitest';
import { useAdminServer } from '../helpers/admin-client.ts';
import { createEvent } from '../helpers/factories.ts';

const running = useAdminServer({ HUB_DEMO: '0' });

const scriptSrc = (response: Response) => /script-src [^;]*/.exec(response.headers.get('content-security-policy') ?? '')?.[0];
const get = (path: string) => fetch(`${running.app.server.origin}${path}`);

describe('script-src', () => {
  it('is the same on every page, whether the page has inline scripts or not', async () => {
    const policies = new Set<string | undefined>();
    for (const path of ['/en', '/fr/hub', '/de/hub/contact', '/en/hub/search?q=piano', '/en/admin/sign-in', '/en/hub/nope']) {
      const response = await get(path);
      await response.body?.cancel();
      policies.add(scriptSrc(response));
    }
    expect([...policies]).toHaveLength(1);
    expect([...policies][0]).toMatch(/^script-src 'self'/);
  });

  it('does not change when an editor changes a page’s content', async () => {
    const event = await createEvent(running.app.editor, { status: 'published' });
    const path = `/en/hub/event/${event.slug}`;
    const before = await get(path);
    expect(before.status).toBe(200);
    const policyBefore = scriptSrc(before);
    expect(policyBefore).toBeDefined();

    const injected = 'Programme notes.\n\n<script>alert("editor")</script>\n\n<p onclick="alert(1)">Click</p>';
    const patched = await running.app.editor.call('PATCH', `/api/admin/events/${event.id}`, {
      version: event.version,
      translations: { en: { body: injected } },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);

    const after = await get(path);
    const html = await after.text();
    expect(html).toContain('Programme notes.');
    expect(html).not.toContain('alert(');
    expect(scriptSrc(after)).toBe(policyBefore);
  });
});
