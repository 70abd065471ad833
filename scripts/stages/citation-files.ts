import path from 'node:path';
import { bibtexFile, citationFilePath, risFile } from '../../src/citation-export.ts';
import type { SiteContent } from '../../src/content-schema.ts';
import { KeptResults } from '../lib/kept-results.ts';
import type { OutputFile } from './output-files.ts';

/** Where they are kept between builds (BuildOptions.keptIn), under the command's code (BuildOptions.code). */
interface KeptIn {
  folder: string;
  code: string;
}

const isTextFiles = (value: unknown): value is { path: string; contents: string }[] =>
  Array.isArray(value) &&
  value.every(
    (file) =>
      typeof file === 'object' && file !== null && typeof file.path === 'string' && typeof file.contents === 'string',
  );

/**
 * Each theme's publications as research/<id>/citations.bib and .ris, linked from the theme's page. With `kept`,
 * those an earlier build made of the same content with the same code: reading back the names of every author
 * cost a warm build more than the rest of its files together.
 */
export function citationFiles(content: SiteContent, kept?: KeptIn): OutputFile[] {
  const make = () =>
    content.themes.flatMap((theme) => {
      const publications = content.publications[theme.id] ?? [];
      return [
        { path: citationFilePath(theme.id, 'bib'), contents: bibtexFile(publications) },
        { path: citationFilePath(theme.id, 'ris'), contents: risFile(publications) },
      ];
    });
  if (!kept) return make();
  const files = new KeptResults(path.join(kept.folder, 'citation-files.tsv'), isTextFiles, kept.code, 4);
  return files.of(JSON.stringify({ themes: content.themes, publications: content.publications }), make);
}
