import type { NewsItem } from './types.ts';

export const news: NewsItem[] = [
  {
    id: 'position-statement-accepted',
    title: 'Our position statement has been accepted for publication',
    date: '2021-09-15',
    summary:
      'The Clinical Neuropsychologist has accepted “Cross-cultural neuropsychological assessment in Europe: Position statement of the European Consortium on Cross-Cultural Neuropsychology (ECCroN)”, written by the consortium’s 16 founding members.',
    link: 'https://doi.org/10.1080/13854046.2021.1981456',
    type: 'Publication',
  },
];
