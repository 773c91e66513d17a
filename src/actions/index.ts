/** Every Astro Action of the product, by name (`actions.<name>` on the client side). */
import { contact } from './contact.ts';

export const server = { contact };
