/**
 * The OpenAPI 3.1 document of the public API, generated from the zod schemas that shape its
 * responses (`z.toJSONSchema`, JSON Schema 2020-12, which OpenAPI 3.1 uses as is) and from the
 * declared resources: a field added to a schema is documented by the same change.
 */
import { z } from 'zod';
import { defaultLocale, locales } from '../../i18n/config.ts';
import { eventStatuses } from '../../lib/event-status.ts';
import { timeFilters } from '../events/filters.ts';
import { getSiteOrigin } from '../config/site-origin.ts';
import { API_BASE } from './links.ts';
import { MAX_QUERY_LENGTH } from './name-filters.ts';
import { DEFAULT_LIMIT, MAX_LIMIT } from './params.ts';
import { apiResources, type ApiResource } from './resources.ts';
import { apiRegistry } from './schemas.ts';

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const idOf = (schema: z.ZodType) => apiRegistry.get(schema)?.id ?? '';

/** Every registered schema as a component (without the per-document keywords zod adds). */
function componentSchemas(): Record<string, Json> {
  const { schemas } = z.toJSONSchema(apiRegistry, { target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema as Json;
      return [name, rest];
    }),
  );
}

const slugPattern = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
const datePattern = '^\\d{4}-\\d{2}-\\d{2}$';

const query = (name: string, description: string, schema: Json) => ({ name, in: 'query', description, schema });
const slugParam = (name: string, description: string) => query(name, description, { type: 'string', pattern: slugPattern });
const dateParam = (name: string, description: string) => query(name, description, { type: 'string', pattern: datePattern });

const parameters: Record<string, Json> = {
  locale: query('locale', `Locale of the texts and hub links. A text without a translation falls back to ${defaultLocale}, and says so in its \`locale\`.`, {
    type: 'string',
    enum: locales,
    default: defaultLocale,
  }),
  limit: query('limit', 'Items per page.', { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT }),
  cursor: query('cursor', "The previous page's `nextCursor`, with the same filters.", { type: 'string' }),
  idOrSlug: { name: 'idOrSlug', in: 'path', required: true, description: 'The numeric id, or the slug.', schema: { type: 'string' } },
  edition: slugParam(
    'edition',
    "A public edition's slug. Events: its events, all dates unless `when` is given. Curators, organizers, venues and tags: those of its public events (curators also those the edition itself names). A slug no public edition has gives an empty list.",
  ),
  q: query('q', 'Names (tags: labels in any locale) containing these words, ignoring case and accents.', {
    type: 'string',
    minLength: 1,
    maxLength: MAX_QUERY_LENGTH,
  }),
  tag: slugParam('tag', "A tag's slug."),
  venue: slugParam('venue', "A venue's slug."),
  when: query('when', 'Upcoming (default without edition or dates; soonest first), past (newest first) or all.', { type: 'string', enum: timeFilters }),
  from: dateParam('from', 'First local date (YYYY-MM-DD) the event must overlap, in its own time zone.'),
  to: dateParam('to', 'Last local date (YYYY-MM-DD, inclusive).'),
  status: query('status', "The event's own status.", { type: 'string', enum: eventStatuses }),
};

const header = (description: string) => ({ description, schema: { type: 'string' } });
const cachedHeaders = {
  ETag: header('Strong validator of the body; send it back as `If-None-Match`.'),
  'Cache-Control': header('`public, max-age=0, s-maxage=…` as for hub pages.'),
  'Access-Control-Allow-Origin': header('`*`: any site may read.'),
};
const problemResponse = (description: string) => ({
  description,
  headers: { 'Access-Control-Allow-Origin': cachedHeaders['Access-Control-Allow-Origin'] },
  content: { 'application/problem+json': { schema: ref('Problem') } },
});
const ok = (schema: Json) => ({ description: 'OK', headers: cachedHeaders, content: { 'application/json': { schema } } });
const notModified = { description: 'The copy named by `If-None-Match` is current.', headers: cachedHeaders };
const badRequest = problemResponse('A parameter is unknown, repeated or invalid (`errors` names it), or the cursor is not from this query.');
function resourcePaths(resource: ApiResource): Record<string, Json> {
  const Name = resource.name[0]!.toUpperCase() + resource.name.slice(1);
  const own = resource.filters.names.map((name) => ({ $ref: `#/components/parameters/${name}` }));
  const common = (names: string[]) => names.map((name) => ({ $ref: `#/components/parameters/${name}` }));
  return {
    [`/${resource.name}`]: {
      get: {
        summary: resource.summary.list,
        operationId: `list${Name}`,
        tags: [resource.name],
        security: [],
        parameters: [...common(['locale', 'limit', 'cursor']), ...own],
        responses: { '200': ok(ref(idOf(resource.page))), '304': notModified, '400': badRequest },
      },
    },
    [`/${resource.name}/{idOrSlug}`]: {
      parameters: common(['idOrSlug']),
      get: {
        summary: resource.summary.one,
        operationId: `get${Name.replace(/s$/, '')}`,
        tags: [resource.name],
        security: [],
        parameters: common(['locale']),
        responses: {
          '200': ok(ref(idOf(resource.detail))),
          '304': notModified,
          '400': badRequest,
          '404': problemResponse('No public item has this id or slug.'),
        },
      },
    },
  };
}

/** The whole document; servers name `PUBLIC_SITE_URL`. */
export function buildOpenApiDocument(): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Edition Hub public API',
      version: '1.0.0',
      description:
        'Published content of the hub, read-only and the same for everyone: any site may read it (CORS: `Access-Control-Allow-Origin: *` on GET and HEAD, and OPTIONS preflights are answered), without credentials. Lists are walked with `cursor`; every answer carries a strong `ETag` (send it back as `If-None-Match` for a 304). Versioned by path: a breaking change is published as `/v2` beside `/v1`.',
      license: { name: 'Content licence of the site', url: `${getSiteOrigin()}/en/hub/terms-and-conditions` },
    },
    servers: [{ url: `${getSiteOrigin()}${API_BASE}` }],
    security: [],
    tags: apiResources
      .map((resource) => ({ name: resource.name, description: resource.summary.list }))
      .concat({ name: 'document', description: 'This document.' }),
    paths: {
      ...Object.assign({}, ...apiResources.map(resourcePaths)),
      '/openapi.json': {
        get: {
          summary: 'This OpenAPI document',
          operationId: 'getOpenApiDocument',
          tags: ['document'],
          security: [],
          responses: { '200': ok({ type: 'object' }), '304': notModified, '400': badRequest },
        },
      },
    },
    components: { schemas: componentSchemas(), parameters },
  };
}
