/** content/members.yml: the country groups of the directory and its members. */
import * as v from 'valibot';
import { ORCID_PATTERN, ORCID_SHAPE_MESSAGE, orcidProblem } from '../orcid.ts';
import { email, httpUrl, text } from './fields.ts';

const memberSchema = v.strictObject({
  /** Stored in Unicode's composed form (NFC), so that "é" typed either way is one person. */
  name: text,
  /** One of the country groups of the directory. */
  country: text,
  position: v.optional(text),
  institution: v.optional(text),
  email: v.optional(email),
  profileUrl: v.optional(httpUrl),
  /** An ORCID iD such as 0000-0002-1825-0097 (shown as a link with the iD icon). */
  orcid: v.optional(
    v.pipe(
      v.string('expected an ORCID iD'),
      v.title('ORCID iD'),
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
  countries: v.array(text, 'expected a list of countries'),
  members: v.array(memberSchema, 'expected a list of members'),
});

export type Member = v.InferOutput<typeof memberSchema>;
export type MembersDirectory = v.InferOutput<typeof membersSchema>;
