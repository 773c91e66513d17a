/**
 * POST /api/admin/team/{id}/{action}: one action on one local account (admins only), from JSON
 * or from the team screen's HTML forms (then answered with a 303 back to the screen).
 *   approve       { "role": "admin" | "editor" }  a pending sign-up gets a role
 *   refuse                                         a pending sign-up is deleted with its sessions
 *   role          { "role": "admin" | "editor" | "none" }  grant or revoke (never the last admin: 409 LAST_ADMIN)
 *   disable / enable                               disabling ends the account's sessions at once
 *   end-sessions                                   signs the account out everywhere
 *   disable-two-factor                             another account's (a lost phone); one's own: 409 SELF_TWO_FACTOR
 */
import type { APIRoute } from 'astro';
import { handleTeamAction } from '../../../../../server/team/http.ts';

export const prerender = false;

export const POST: APIRoute = (context) => handleTeamAction(context);
