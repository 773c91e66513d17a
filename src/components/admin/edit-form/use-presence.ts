/**
 * The open form's side of presence (docs/decisions/054): a beat on opening and then every few
 * seconds (the server says how often), answering who else has the item open; a `keepalive`
 * DELETE when the form closes or the page goes away, so colleagues see the person leave at once
 * rather than two beats later. Stops for good on 401/403 (signed out, role withdrawn).
 */
import { useEffect, useState } from 'react';
import { paths } from '../../../lib/paths.ts';

/** Someone else with the item open. */
export interface Colleague {
  userId: string;
  name: string;
  /** When they opened it (ISO instant). */
  since: string;
}

const FALLBACK_HEARTBEAT_MS = 5_000;

function colleaguesIn(body: unknown): Colleague[] {
  const others = (body as { others?: unknown } | null)?.others;
  if (!Array.isArray(others)) return [];
  return others.filter(
    (other): other is Colleague =>
      typeof other?.userId === 'string' && typeof other?.name === 'string' && typeof other?.since === 'string' && !Number.isNaN(Date.parse(other.since)),
  );
}

const sameColleagues = (a: Colleague[], b: Colleague[]) =>
  a.length === b.length && a.every((one, index) => one.userId === b[index]?.userId && one.since === b[index]?.since && one.name === b[index]?.name);

/**
 * Who else has `collection`/`itemId` open, refreshed by the beats; nothing for a new item.
 * `beforeChange` runs just before the list changes (to keep the focused control in place).
 */
export function usePresence(collection: string, itemId: number | null, beforeChange?: () => void): Colleague[] {
  const [others, setOthers] = useState<Colleague[]>([]);

  useEffect(() => {
    if (itemId === null) return;
    const body = JSON.stringify({ collection, itemId, clientId: crypto.randomUUID().replace(/-/g, '') });
    const headers = { 'content-type': 'application/json' };
    let timer: ReturnType<typeof setTimeout> | undefined;
    let every = FALLBACK_HEARTBEAT_MS;
    /** Off while the page is hidden in the back/forward cache, and for good once refused or closed. */
    let beating = true;
    let refused = false;

    let shown: Colleague[] = [];
    const show = (next: Colleague[]) => {
      if (sameColleagues(shown, next)) return;
      beforeChange?.();
      shown = next;
      setOthers(next);
    };

    const beat = async () => {
      clearTimeout(timer);
      try {
        const response = await fetch(paths.adminApiPresence(), { method: 'POST', headers, body, credentials: 'same-origin' });
        if (response.status === 401 || response.status === 403) refused = true;
        else if (response.ok) {
          const answer = (await response.json()) as { heartbeatMs?: unknown };
          if (typeof answer.heartbeatMs === 'number' && answer.heartbeatMs >= 1_000) every = answer.heartbeatMs;
          if (beating) show(colleaguesIn(answer));
        }
      } catch {
        // Offline for a moment: the next beat tries again.
      }
      if (beating && !refused) timer = setTimeout(() => void beat(), every);
    };
    const leave = () => {
      void fetch(paths.adminApiPresence(), { method: 'DELETE', headers, body, credentials: 'same-origin', keepalive: true }).catch(() => undefined);
    };
    const onPageHide = () => {
      beating = false;
      clearTimeout(timer);
      if (!refused) leave();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted || refused) return;
      beating = true;
      void beat();
    };

    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    void beat();
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      const wasBeating = beating;
      beating = false;
      clearTimeout(timer);
      if (wasBeating && !refused) leave();
      setOthers([]);
    };
    // beforeChange is read through the closure on purpose: a new function each render must not restart the beats.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [collection, itemId]);

  return others;
}
