import type { PublicationsByTheme } from './types.ts';

// Every entry was checked against a public bibliographic record. A field that
// could not be confirmed is left out rather than guessed; an unknown year is
// null and is cited as "n.d.".
export const publications: PublicationsByTheme = {
  'cross-cultural': [
    {
      authors:
        'Franzen, S., Watermeyer, T. J., Pomati, S., Papma, J. M., Nielsen, T. R., Narme, P., Mukadam, N., Lozano-Ruiz, Á., Ibanez-Casas, I., Goudsmit, M., Fasfous, A., Daugherty, J. C., Canevelli, M., Calia, C., van den Berg, E., & Bekkhus-Wetterberg, P.',
      year: 2022,
      title:
        'Cross-cultural neuropsychological assessment in Europe: Position statement of the European Consortium on Cross-Cultural Neuropsychology (ECCroN)',
      journal: 'The Clinical Neuropsychologist',
      volume: '36',
      issue: '3',
      pages: '546-557',
      doi: '10.1080/13854046.2021.1981456',
    },
    {
      authors: 'Franzen, S., Papma, J. M., van den Berg, E., & Nielsen, T. R.',
      year: 2021,
      title: 'Cross-cultural neuropsychological assessment in the European Union: a Delphi expert study',
      journal: 'Archives of Clinical Neuropsychology',
      volume: '36',
      issue: '5',
      pages: '815-830',
      doi: '10.1093/arclin/acaa083',
    },
    {
      authors:
        'Franzen, S., van den Berg, E., Goudsmit, M., Jurgens, C. K., van de Wiel, L., Kalkisim, Y., Uysal-Bozkir, Ö., Ayhan, Y., Nielsen, T. R., & Papma, J. M.',
      year: 2019,
      title:
        'A Systematic Review of Neuropsychological Tests for the Assessment of Dementia in Non-Western, Low-Educated or Illiterate Populations',
      journal: 'Journal of the International Neuropsychological Society',
      doi: '10.1017/s1355617719000894',
    },
    {
      authors:
        'Gove, D., Nielsen, T. R., Smits, C., Plejert, C., Rauf, M. A., Parveen, S., Jaakson, S., Golan-Shemesh, D., Lahav, D., Kaur, R., Herz, M. K., Monsees, J., Thyrian, J. R., & Georges, J.',
      year: 2021,
      title:
        'The challenges of achieving timely diagnosis and culturally appropriate care of people with dementia from minority ethnic groups in Europe',
      journal: 'International Journal of Geriatric Psychiatry',
      volume: '36',
      issue: '12',
      pages: '1823-1828',
      doi: '10.1002/gps.5614',
    },
    {
      authors:
        'Nielsen, T. R., de Mendonça, A., Frölich, L., Engelborghs, S., Gove, D., Lamirel, D., Calia, C., & Waldemar, G.',
      year: 2024,
      title: 'Assessment of Dementia in Minority Ethnic Groups in Europe: A 14-Year Follow-Up Survey',
      journal: 'International Journal of Geriatric Psychiatry',
      volume: '39',
      issue: '12',
      pages: 'e70034',
      doi: '10.1002/gps.70034',
    },
    {
      authors:
        'Franzen, S., Mukadam, N., Calia, C., Watermeyer, T. J., Canevelli, M., Pomati, S., Goudsmit, M., van den Berg, E., Papma, J. M., Ibanez-Casas, I., Lozano-Ruiz, A., Fasfous, A., Maillet, D., Narme, P., Bekkhus-Wetterberg, P., & Nielsen, R.',
      year: 2021,
      title:
        'Neuropsychological assessment of diverse populations in Europe: The European Consortium for Cross-Cultural Neuropsychology (ECCroN)',
      journal: "Alzheimer's & Dementia",
      volume: '17',
      issue: 'S7',
      pages: 'e053585',
      doi: '10.1002/alz.053585',
    },
  ],
  'cognitive-screening': [
    {
      authors:
        'Goudsmit, M., Uysal-Bozkir, Ö., Parlevliet, J. L., van Campen, J. P. C. M., de Rooij, S. E., & Schmand, B.',
      year: 2017,
      title:
        'The Cross-Cultural Dementia Screening (CCD): A new neuropsychological screening instrument for dementia in elderly immigrants',
      journal: 'Journal of Clinical and Experimental Neuropsychology',
      volume: '39',
      issue: '2',
      pages: '163-172',
      url: 'https://research-portal.najah.edu/migrant/29822/',
    },
    {
      authors: 'Goudsmit, M., van Campen, J., Schilt, T., Hinnen, C., Franzen, S., & Schmand, B.',
      year: 2018,
      title:
        'One Size Does Not Fit All: Comparative Diagnostic Accuracy of the Rowland Universal Dementia Assessment Scale and the Mini Mental State Examination in a Memory Clinic Population with Very Low Education',
      journal: 'Dementia and Geriatric Cognitive Disorders Extra',
      volume: '8',
      issue: '2',
      pages: '290-305',
      doi: '10.1159/000490174',
    },
    {
      authors:
        'Nielsen, T. R., Segers, K., Vanderaspoilden, V., Bekkhus-Wetterberg, P., Minthon, L., Pissiota, A., Bjørkløf, G. H., Beinhoff, U., Tsolaki, M., Gkioka, M., & Waldemar, G.',
      year: 2018,
      title:
        'Performance of middle-aged and elderly European minority and majority populations on a Cross-Cultural Neuropsychological Test Battery (CNTB)',
      journal: 'The Clinical Neuropsychologist',
      pages: '1411-1430',
      doi: '10.1080/13854046.2018.1430256',
    },
    {
      authors:
        'Franzen, S., van den Berg, E., Bossenbroek, W., Kranenburg, J., Scheffers, E. A., van Hout, M., van de Wiel, L., Goudsmit, M., van Bruchem-Visser, R. L., van Hemmen, J., Jiskoot, L. C., & Papma, J. M.',
      year: 2023,
      title:
        'Neuropsychological assessment in the multicultural memory clinic: Development and feasibility of the TULIPA battery',
      journal: 'The Clinical Neuropsychologist',
      volume: '37',
      issue: '1',
      pages: '60-80',
      doi: '10.1080/13854046.2022.2043447',
    },
    {
      authors: 'Calia, C., & Parra Rodriguez, M.',
      year: 2024,
      title: 'Screening tools for dementia assessment in UK based ethnic minorities',
      journal: 'Exploration of Medicine',
      volume: '5',
      pages: '401-415',
      doi: '10.37349/emed.2024.00227',
    },
    {
      authors: 'Al-Jawahiri & Nielsen, T. R.',
      year: 2021,
      title:
        'Effects of Acculturation on the Cross-Cultural Neuropsychological Test Battery (CNTB) in a Culturally and Linguistically Diverse Population in Denmark',
      journal: 'Archives of Clinical Neuropsychology',
      volume: '36',
      issue: '3',
      pages: '381-393',
      url: 'https://www.storkapp.me/pubpaper/31942602',
    },
  ],
  caregiver: [
    {
      authors: 'Franzen, S., Eikelboom, W. S., van den Berg, E., Jiskoot, L. C., van Hemmen, J., & Papma, J. M.',
      year: null,
      title: 'Caregiver Burden in a Culturally Diverse Memory Clinic Population: The Caregiver Strain Index-Expanded',
      journal: 'Dementia and Geriatric Cognitive Disorders',
      pages: '333-340',
      url: 'https://pure.eur.nl/en/publications/caregiver-burden-in-a-culturally-diverse-memory-clinic-population',
    },
    {
      authors: 'Nielsen, T. R., Nielsen, D. S., & Waldemar, G.',
      year: 2020,
      title: 'Barriers in access to dementia care in minority ethnic groups in Denmark: a qualitative study',
      pages: '1424-1432',
      doi: '10.1080/13607863.2020.1787336',
    },
  ],
  'interpreter-mediated': [
    {
      authors:
        'Nielsen, T. R., Franzen, S., Watermeyer, T., Jiang, J., Calia, C., Kjærgaard, D., Bothe, S., & Mukadam, N.',
      year: 2024,
      title:
        'Interpreter-mediated neuropsychological assessment: Clinical considerations and recommendations from the European Consortium on Cross-Cultural Neuropsychology (ECCroN)',
      journal: 'The Clinical Neuropsychologist',
      volume: '38',
      pages: '1775-1805',
      doi: '10.1080/13854046.2024.2335113',
    },
    {
      authors: 'Plejert, C., Antelius, E., Yazdanpanah, M., & Nielsen, T. R.',
      year: null,
      title:
        '‘There’s a letter called ef’ on Challenges and Repair in Interpreter-Mediated Tests of Cognitive Functioning in Dementia Evaluations: A Case Study',
      journal: 'Journal of Cross-Cultural Gerontology',
      volume: '30',
      issue: '2',
      pages: '163-187',
      doi: '10.1007/s10823-015-9262-0',
    },
    {
      authors: 'Brown, S., Livingston, G., & Mukadam, N.',
      year: 2021,
      title:
        'A National Memory Clinic Survey to Assess Provision for People from Diverse Ethnic Backgrounds in England and Wales',
      journal: 'International Journal of Environmental Research and Public Health',
      volume: '18',
      issue: '4',
      pages: '1456',
      doi: '10.3390/ijerph18041456',
    },
    {
      authors: 'Majlesi, A. R., & Plejert, C.',
      year: 2018,
      title: 'Embodiment in tests of cognitive functioning: A study of an interpreter-mediated dementia evaluation',
      journal: 'Dementia',
      volume: '17',
      issue: '2',
      pages: '138-163',
      doi: '10.1177/1471301216635341',
    },
  ],
};
