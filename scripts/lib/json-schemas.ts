import { toJsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';
import { membersSchema, publicationsSchema, siteSchema, themesSchema } from '../../src/content-schema.ts';

/**
 * The JSON Schemas of the YAML files of content/, generated from the schema
 * the build checks with, for editors that check YAML as you type. Rules a JSON
 * Schema cannot say (real calendar dates, rules across files) stay with the build.
 */
/**
 * A limit of characters as a person counts them (graphemes) as JSON Schema's maxLength, which counts code points:
 * the nearest it can say, as strict or stricter.
 */
const graphemesAsLength = ({
  valibotAction,
  jsonSchema,
}: {
  valibotAction: { type: string; metadata?: { maxCharacters?: unknown } };
  jsonSchema: object;
}) =>
  valibotAction.type === 'metadata' && typeof valibotAction.metadata?.maxCharacters === 'number'
    ? (({ maxCharacters: _, ...rest }: Record<string, unknown>) => ({
        ...rest,
        maxLength: valibotAction.metadata?.maxCharacters,
      }))(jsonSchema as Record<string, unknown>)
    : undefined;

export function jsonSchemaFiles(): Record<string, string> {
  const files: Record<string, GenericSchema> = {
    'site.schema.json': siteSchema,
    'themes.schema.json': themesSchema,
    'publications.schema.json': publicationsSchema,
    'members.schema.json': membersSchema,
  };
  return Object.fromEntries(
    Object.entries(files).map(([name, schema]) => [
      name,
      `${JSON.stringify({ ...toJsonSchema(schema, { errorMode: 'ignore', typeMode: 'input', overrideAction: graphemesAsLength }), $comment: 'Generated from src/content/ by npm run schema; do not edit.' }, null, 2)}\n`,
    ]),
  );
}
