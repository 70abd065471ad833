import type { Theme } from './types.ts';

/** The research themes, in the order the site shows them. */
export const themes: Theme[] = [
  {
    id: 'cross-cultural',
    title: 'Cross-Cultural Assessment and Adaptation',
    description:
      'How neuropsychological assessment in Europe can serve people of every cultural, linguistic and educational background: expert consensus, systematic reviews of available tests, and surveys of clinical practice.',
    icon: 'globe',
    color: 'teal',
  },
  {
    id: 'cognitive-screening',
    title: 'Cognitive Screening Tools and Test Validation',
    description:
      'Developing and validating screening instruments and test batteries, such as the Cross-Cultural Dementia screening, the RUDAS and the CNTB, for people with little formal education or a migration background.',
    icon: 'clipboard',
    color: 'indigo',
  },
  {
    id: 'caregiver',
    title: 'Caregiver Research',
    description:
      'The experience of family caregivers from minority ethnic groups: caregiver burden in a culturally diverse memory clinic and the barriers families meet in reaching dementia care.',
    icon: 'heart',
    color: 'amber',
  },
  {
    id: 'interpreter-mediated',
    title: 'Interpreter-Mediated Assessment',
    homeTitle: 'More',
    description:
      'Assessment carried out with an interpreter: what happens in the testing room, how memory services provide interpreters, and our recommendations for clinical practice.',
    icon: 'speech',
    color: 'rose',
  },
];
