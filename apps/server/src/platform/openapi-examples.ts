/**
 * Examples for the OpenAPI document (platform/openapi.ts), made from each operation's own JSON
 * schema, so no example is written by hand and none drifts from its schema: a schema's own
 * `example`, `examples` or `default` first (zod's `.meta({ examples })` lands there), then a
 * value that fits its type, format, bounds and pattern, chosen to read like the product (a
 * class's name, a price in cents). openapi.test.ts checks every example against its schema.
 */

/** The part of an OpenAPI 3.0 schema object the examples read. */
export type OpenApiSchema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  additionalProperties?: boolean | OpenApiSchema;
  items?: OpenApiSchema;
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
};

const DATE = '2027-03-15';
const DATE_TIME = '2027-03-15T14:30:00.000Z';

/** Values that read like Bullpen, by field name. */
const textByName: [RegExp, string][] = [
  [/^ends_at$|^end/, '2027-04-30T15:00:00.000Z'],
  [/_at$|time|^as_of$/, DATE_TIME],
  [/birth/, '2012-05-20'],
  [/date/, DATE],
  [/^next$/, 'https://bullpen.example/api/contests/?page=2'],
  [/^previous$/, 'https://bullpen.example/api/contests/?page=1'],
  [/url|link|logo|src|hyperlink/, 'https://bullpen.example/media/logo.svg'],
  [/^username$/, 'ann_lee'],
  [/email/, 'ann.lee@school.example'],
  [/password/, 'tall-maple-river-42'],
  [/^first_name$|^child_first_name$/, 'Ann'],
  [/^last_name$/, 'Lee'],
  [/name$/, 'Class 7B'],
  [/^symbol$/, 'AAPL'],
  [/symbols/, 'AAPL'],
  [/slug|alias/, 'money-basics'],
  [/color/, '#3366cc'],
  [/token|code|nonce|salt|signature/, 'k7Qx2mWp9Rt'],
  [/title|subject/, 'Saving for a bike'],
  [/description|body|text|message|note|reason|summary|html/, 'We saved for six weeks.'],
];

const textCandidates = [
  'Ann',
  'walker',
  'ann_lee',
  'money-basics',
  'AAPL',
  'k7Qx2mWp9Rt',
  DATE,
  DATE_TIME,
  'Sample text',
];

/** What a text of each format looks like, enough to pick among the candidates. */
const formatShapes: Record<string, RegExp> = {
  date: /^\d{4}-\d\d-\d\d$/,
  'date-time': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/,
  uri: /^https?:\/\//,
  email: /^[^@\s]+@[^@\s]+$/,
};

function textFor(schema: OpenApiSchema, name: string): string {
  const byFormat: Record<string, string> = {
    date: DATE,
    'date-time': DATE_TIME,
    uri: `https://bullpen.example/${name || 'page'}`,
    email: 'ann.lee@school.example',
    uuid: '0b6c7a3e-5d1f-4a8e-9c2b-7f4e1d3a6b90',
  };
  const hinted = textByName.find(([pattern]) => pattern.test(name))?.[1];
  const candidates = [
    ...(hinted ? [hinted] : []),
    ...(schema.format && byFormat[schema.format] ? [byFormat[schema.format]!] : []),
    ...textCandidates,
  ];
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern, 'u');
  const format = schema.format ? formatShapes[schema.format] : undefined;
  const fits = (text: string) =>
    (!format || format.test(text)) &&
    text.length >= (schema.minLength ?? 0) &&
    text.length <= (schema.maxLength ?? Infinity) &&
    (!pattern || pattern.test(text));
  const found = candidates.find(fits);
  if (found !== undefined) return found;
  // A longer minimum than any candidate: the first one, repeated.
  const first = candidates[0] ?? 'Sample text';
  return first
    .repeat(Math.ceil((schema.minLength ?? 1) / first.length))
    .slice(0, schema.maxLength ?? Infinity);
}

function numberFor(schema: OpenApiSchema, name: string): number {
  const wanted = /cents|cash|price|value|cost|amount|income|expense|pnl|cap$/.test(name)
    ? 125_000
    : /ratio|percent|weight/.test(name)
      ? schema.type === 'integer'
        ? 12
        : 0.12
      : /^id$|_id$|^id_|^contest$|^contest_user$|^user$|^student$|^classroom$|^course$|^lesson$/.test(
            name,
          )
        ? 42
        : /count|quantity|shares|points|page|size|limit|days|rank/.test(name)
          ? 10
          : 1;
  let low = schema.minimum ?? -Infinity;
  let high = schema.maximum ?? Infinity;
  if (schema.exclusiveMinimum === true) low += schema.type === 'integer' ? 1 : 0.01;
  if (typeof schema.exclusiveMinimum === 'number') low = schema.exclusiveMinimum + 1;
  if (schema.exclusiveMaximum === true) high -= schema.type === 'integer' ? 1 : 0.01;
  if (typeof schema.exclusiveMaximum === 'number') high = schema.exclusiveMaximum - 1;
  return Math.min(Math.max(wanted, low), high);
}

/** An example value for `schema`; `name` is the field it fills, for a value that reads true. */
export function exampleFor(schema: OpenApiSchema, name = '', depth = 0): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const chosen = variants.find(
      (variant) => variant.type !== 'null' && !variant.enum?.includes(null),
    );
    return exampleFor(chosen ?? variants[0]!, name, depth);
  }
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((part) => exampleFor(part, name, depth)));
  }
  if (depth > 12) return schema.nullable ? null : undefined;
  switch (schema.type) {
    case 'object': {
      const entries = Object.entries(schema.properties ?? {}).map(([key, property]) => [
        key,
        exampleFor(property, key, depth + 1),
      ]);
      if (entries.length === 0 && typeof schema.additionalProperties === 'object') {
        entries.push(['key', exampleFor(schema.additionalProperties, name, depth + 1)]);
      }
      return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
    }
    case 'array': {
      const count = Math.max(1, schema.minItems ?? 1);
      const item = schema.items ? exampleFor(schema.items, name, depth + 1) : 'Sample text';
      return Array.from({ length: Math.min(count, schema.maxItems ?? count) }, () => item);
    }
    case 'integer':
    case 'number':
      return numberFor(schema, name);
    case 'boolean':
      return true;
    case 'string':
      return textFor(schema, name);
    default:
      return schema.nullable ? null : undefined;
  }
}
