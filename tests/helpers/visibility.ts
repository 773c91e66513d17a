/** SQL condition for "public" on an events/editions alias, at `now` (ms). */
export const publicSql = (alias: string, now = Date.now()) =>
  `${alias}.status = 'published' AND (${alias}.publish_at IS NULL OR ${alias}.publish_at <= ${now}) AND (${alias}.unpublish_at IS NULL OR ${alias}.unpublish_at > ${now})`;
