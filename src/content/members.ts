/** content/members.yml: the country groups of the directory and its members. */
import * as v from 'valibot';
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
});
export const membersSchema = v.strictObject({
  /** The country groups, in the order the directory shows them. */
  countries: v.array(text, 'expected a list of countries'),
  members: v.array(memberSchema, 'expected a list of members'),
});

export type Member = v.InferOutput<typeof memberSchema>;
export type MembersDirectory = v.InferOutput<typeof membersSchema>;
