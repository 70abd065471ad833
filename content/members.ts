import type { MembersDirectory } from './types.ts';

// Only people whose membership and country a public source confirms are listed.
// Countries without a confirmed member are kept in `countries` (so a member can
// be added there) and simply not shown. No e-mail address is published for any
// member; `email` is shown as a mailto link when one is added.
export const directory: MembersDirectory = {
  countries: [
    'Denmark',
    'France',
    'Germany',
    'Greece',
    'Italy',
    'Malta',
    'Netherlands',
    'Norway',
    'Portugal',
    'Romania',
    'Spain',
    'Switzerland',
    'UK',
    'USA/Russia',
  ],
  members: [
    {
      name: 'T. Rune Nielsen',
      country: 'Denmark',
      position: 'Neuropsychologist, PhD',
      institution: 'Danish Dementia Research Centre, Copenhagen University Hospital – Rigshospitalet, Copenhagen',
    },
    {
      name: 'Pauline Narme',
      country: 'France',
      institution: 'MC2Lab (Laboratoire Mémoire Cerveau et Cognition), Université de Paris, Paris',
    },
    {
      name: 'Didier Maillet',
      country: 'France',
      position: 'Neuropsychologist',
      institution: 'Service de neurologie, CHU Avicenne, Bobigny',
    },
    { name: 'Simone Pomati', country: 'Italy', institution: 'Ospedale Luigi Sacco, Milan' },
    {
      name: 'Marco Canevelli',
      country: 'Italy',
      institution:
        'Department of Human Neuroscience, Sapienza University of Rome; National Center for Disease Prevention and Health Promotion, Italian National Institute of Health, Rome',
    },
    {
      name: 'Sanne Franzen',
      country: 'Netherlands',
      position: 'Neuropsychologist and researcher, Alzheimer Center Erasmus MC',
      institution: 'Department of Neurology, Erasmus MC – University Medical Center, Rotterdam',
    },
    {
      name: 'Janne M. Papma',
      country: 'Netherlands',
      institution: 'Department of Neurology, Erasmus MC – University Medical Center, Rotterdam',
    },
    { name: 'Miriam Goudsmit', country: 'Netherlands', institution: 'OLVG Hospital, Amsterdam' },
    {
      name: 'Esther van den Berg',
      country: 'Netherlands',
      institution: 'Department of Neurology, Erasmus MC – University Medical Center, Rotterdam',
    },
    {
      name: 'Álvaro Lozano-Ruiz',
      country: 'Spain',
      institution:
        'Mind, Brain and Behavior Research Center (CIMCYC) and Department of Personality, Evaluation and Psychological Treatment, University of Granada',
    },
    {
      name: 'Inmaculada Ibanez-Casas',
      country: 'Spain',
      institution:
        'Mind, Brain and Behavior Research Center (CIMCYC), University of Granada; State University of New York at Plattsburgh (SUNY), Plattsburgh, NY',
    },
    {
      name: 'Ahmed Fasfous',
      country: 'Spain',
      institution:
        'Mind, Brain and Behavior Research Center (CIMCYC), University of Granada; Department of Social Sciences, Bethlehem University, Bethlehem',
    },
    {
      name: 'Julia C. Daugherty',
      country: 'Spain',
      institution: 'Mind, Brain and Behavior Research Center (CIMCYC), University of Granada',
    },
    {
      name: 'Tamlyn Watermeyer',
      country: 'UK',
      position: "NIHR / Alzheimer's Society Dem Comm Fellow",
      institution:
        'Department of Psychology, Northumbria University, Newcastle; Edinburgh Dementia Prevention, University of Edinburgh',
      profileUrl: 'https://dementiaresearcher.nihr.ac.uk/profile-dr-tamlyn-watermeyer-northumbria-university',
    },
    {
      name: 'Naaheed Mukadam',
      country: 'UK',
      position: 'Principal Research Fellow, UCL; honorary consultant psychiatrist, UCLH Mental Health Liaison Team',
      institution: 'University College London, London',
      profileUrl: 'https://www.ucl.ac.uk/brain-sciences/women-science/naaheed-mukadam',
    },
    {
      name: 'Clara Calia',
      country: 'UK',
      position: 'Senior Lecturer in Clinical Psychology',
      institution: 'University of Edinburgh',
    },
  ],
};
