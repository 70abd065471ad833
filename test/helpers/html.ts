import { startTags } from '../../scripts/stages/check-output.ts';

export { startTags };

/** The visible text of a page: scripts and tags removed, entities decoded, white space folded. */
export function textOf(html: string): string {
  return html
    .replace(/<head>[\s\S]*?<\/head>/, ' ')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(
      /&(amp|quot|#x27|#39|lt|gt|nbsp);/g,
      (_, entity: string) => ({ amp: '&', quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>', nbsp: ' ' })[entity]!,
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The attribute values of every start tag of one name, e.g. all <a> hrefs. */
export function attributesOf(html: string, tagName: string, attribute: string): string[] {
  return startTags(html)
    .filter((tag) => tag.name === tagName && tag.attributes.has(attribute))
    .map((tag) => tag.attributes.get(attribute)!);
}
