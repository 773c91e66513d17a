/** The admin JS measure covers every admin screen (scripts/measure-admin-js.ts), signed-out ones aside. */
import { describe, expect, it } from 'vitest';
import { staticAdminScreens } from '../../scripts/measure-admin-js.ts';

describe('staticAdminScreens', () => {
  it('lists the screens without an id, the programme calendar and the dashboard among them', () => {
    const screens = staticAdminScreens();
    expect(screens).toEqual(expect.arrayContaining(['/en/admin', '/en/admin/programme', '/en/admin/trash', '/en/admin/team/invitations']));
  });

  it('leaves out signed-out screens and pages that need an id', () => {
    const screens = staticAdminScreens();
    expect(screens.filter((screen) => /sign-in|sign-up|forbidden|unauthorized|\[/.test(screen))).toEqual([]);
  });
});
