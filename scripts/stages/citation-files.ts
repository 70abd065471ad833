import { bibtexFile, citationFilePath, risFile } from '../../src/citation-export.ts';
import type { SiteContent } from '../../src/content-schema.ts';
import type { OutputFile } from './output-files.ts';

/** Each theme's publications as research/<id>/citations.bib and .ris, linked from the theme's page. */
export function citationFiles(content: SiteContent): OutputFile[] {
  return content.themes.flatMap((theme) => {
    const publications = content.publications[theme.id] ?? [];
    return [
      { path: citationFilePath(theme.id, 'bib'), contents: bibtexFile(publications) },
      { path: citationFilePath(theme.id, 'ris'), contents: risFile(publications) },
    ];
  });
}
