/**
 * Content collections: the hub's editorial pages (about, privacy policy, terms) as Markdown per
 * locale under src/content/pages/<locale>/<page>.md. They are rendered at build time.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const pages = defineCollection({
  loader: glob({ pattern: '*/*.md', base: './src/content/pages' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(1).max(200),
    /** Date of the last substantive change, shown on legal pages. */
    updated: z.coerce.date(),
  }),
});

export const collections = { pages };
