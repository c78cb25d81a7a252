/** Where a request value came from, as Fastify's validation names it. */
export type InputLocation = 'body' | 'querystring' | 'params' | 'headers';

const UNPRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what must not reach a reply unescaped
  /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** `\u0000` for a NUL, and so on: a field name in a message stays readable text. */
export const escapeUnprintable = (s: string) =>
  s.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * A field as error messages name it: `items.0.id` in the body, `query.limit`, `params.id`,
 * `headers.user-agent`. A key that itself holds control characters is shown escaped.
 */
export function fieldLabel(location: InputLocation, path: ReadonlyArray<string | number>): string {
  const dotted = path.map((p) => escapeUnprintable(String(p))).join('.');
  switch (location) {
    case 'body':
      return dotted || 'body';
    case 'querystring':
      return dotted ? `query.${dotted}` : 'query';
    default:
      return dotted ? `${location}.${dotted}` : location;
  }
}
