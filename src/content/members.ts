/** content/members.yml: the country groups of the directory and its members. */
import * as v from 'valibot';
import { ORCID_PATTERN, ORCID_SHAPE_MESSAGE, orcidProblem } from '../orcid.ts';
import { described, email, httpUrl, text } from './fields.ts';

const memberSchema = v.strictObject({
  /** Stored in Unicode's composed form (NFC), so that "é" typed either way is one person. */
  name: described(text, 'Name', 'As the person writes it, with its accents, such as Zoë Ćosić.'),
  /** One of the country groups of the directory. */
  country: described(
    text,
    'Country',
    'One of the countries above, where the person is listed; add a new country there first and save.',
  ),
  position: v.optional(described(text, 'Position', "Optional: the person's role, such as Neuropsychologist, PhD.")),
  institution: v.optional(
    described(text, 'Institution', 'Optional: where the person works, and the city, such as Example University, Lund.'),
  ),
  email: v.optional(described(email, 'E-mail', 'Optional: shown as a link, such as name@example.org.')),
  profileUrl: v.optional(
    described(
      httpUrl,
      'Profile page',
      'Optional: the page opened by "View Profile", such as https://example.org/people/name.',
    ),
  ),
  /** An ORCID iD such as 0000-0002-1825-0097 (shown as a link with the iD icon). */
  orcid: v.optional(
    v.pipe(
      v.string('expected an ORCID iD'),
      v.title('ORCID iD'),
      v.description('Optional: four groups of four digits (the last may end in X), such as 0000-0002-1825-0097.'),
      v.regex(ORCID_PATTERN, ORCID_SHAPE_MESSAGE),
      // The check character, once the shape is right (a JSON Schema cannot say this part).
      v.rawCheck(({ dataset, addIssue }) => {
        const problem = dataset.typed ? orcidProblem(dataset.value) : null;
        if (problem) addIssue({ message: problem });
      }),
    ),
  ),
});
export const membersSchema = v.strictObject({
  /** The country groups, in the order the directory shows them. */
  countries: described(
    v.array(
      described(text, 'Country', 'Its name as the directory shows it, such as Netherlands.'),
      'expected a list of countries',
    ),
    'Countries',
    'The groups of the members directory, in the order shown. Move a country with the arrows ↑ and ↓ on its row.',
  ),
  members: described(
    v.array(memberSchema, 'expected a list of members'),
    'Members',
    'The people of the directory; each is shown under their country, in the order of this list.',
  ),
});

export type Member = v.InferOutput<typeof memberSchema>;
export type MembersDirectory = v.InferOutput<typeof membersSchema>;
