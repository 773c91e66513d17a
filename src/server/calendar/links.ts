/** Calendar subscription links. */
import { absoluteUrl } from '../config/site-origin.ts';

/**
 * The `webcal://` address of a calendar path: calendar apps open it as a subscription that they
 * refresh, where the https link downloads a one-off copy. Built from the configured site origin,
 * never the request's Host (the page holding it is cached for everyone).
 */
export function toWebcalUrl(origin: string, path: string): string {
  return absoluteUrl(origin, path).replace(/^https?:/, 'webcal:');
}
