import type { Member, MembersDirectory as Directory } from '../content-schema.ts';
import { ExternalLink } from './ExternalLink.tsx';
import { OrcidLink } from './OrcidLink.tsx';

function MemberCard({ member }: { member: Member }) {
  return (
    <li className="member-card">
      <h4 className="member-card__name">{member.name}</h4>
      {member.position ? <p className="member-card__position">{member.position}</p> : null}
      {member.institution ? <p className="member-card__institution">{member.institution}</p> : null}
      {member.email || member.profileUrl || member.orcid ? (
        <p className="member-card__links">
          {member.email ? (
            <a className="text-link" href={`mailto:${member.email}`}>
              {member.email}
            </a>
          ) : null}
          {member.profileUrl ? (
            <ExternalLink className="button button--small button--outline" href={member.profileUrl}>
              View Profile
              <span className="visually-hidden">{` of ${member.name}`}</span>
            </ExternalLink>
          ) : null}
          {member.orcid ? <OrcidLink orcid={member.orcid} name={member.name} /> : null}
        </p>
      ) : null}
    </li>
  );
}

/** Members grouped by country, in the directory's country order; countries without members are left out. */
export function MembersDirectory({
  directory,
  heading,
  intro,
}: {
  directory: Directory;
  heading: string;
  intro: string;
}) {
  const groups = directory.countries
    .map((country) => ({ country, members: directory.members.filter((member) => member.country === country) }))
    .filter((group) => group.members.length > 0);
  return (
    <section id="team" className="section section--tinted" aria-labelledby="team-title">
      <div className="section__inner">
        <h2 id="team-title">{heading}</h2>
        <p className="section__intro">{intro}</p>
        {groups.map(({ country, members }) => (
          <section key={country} className="member-group" aria-label={country}>
            <h3 className="member-group__country">{country}</h3>
            <ul className="member-grid">
              {members.map((member) => (
                <MemberCard key={member.name} member={member} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
