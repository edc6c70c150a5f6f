import { appConfig } from '../../lib/app-config';

/** The Privacy Policy, shown on /privacy-policy and in the sign-up pop-up. */
export function PrivacyText({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const contact = appConfig.links.contactEmail;
  return (
    <div className="legal-text">
      <p>This Privacy Policy was last updated on 1 January 2024.</p>
      <p>
        It explains what The Film List stores about you, why, and what you can do about it. We collect only what the site needs to work.
      </p>

      <Heading>What we store</Heading>
      <ul>
        <li>
          <strong>Your account:</strong> your username, your email address, whether it is verified, and your password as a one-way hash. We
          never store or see your password itself.
        </li>
        <li>
          <strong>Your votes:</strong> your answers to whether you had heard of a film before, and your ratings from 1 to 10. They are
          counted, without your name, in the ranking of The Film List.
        </li>
        <li>
          <strong>Watch clicks:</strong> when you follow a film&apos;s watch link we record that it was clicked, with your account, or with
          a random temporary identifier kept in your browser if you are not logged in.
        </li>
        <li>
          <strong>Film recommendations</strong> you submit, and who submitted them, so a reviewer can tell you the result.
        </li>
        <li>
          <strong>Mail:</strong> the messages we send you (verification links, email change confirmations and review results), kept until
          they have been delivered.
        </li>
        <li>
          <strong>Your session:</strong> your browser keeps login tokens so you stay logged in; we keep a hashed copy of the refresh token
          so it can be ended when you log out.
        </li>
      </ul>

      <Heading>How we use it</Heading>
      <p>
        To run your account, rank the films, send the messages above, keep the site secure and prevent abuse. We do not sell your data, show
        you third-party advertising or share your details with anyone except where the law requires it.
      </p>

      <Heading>How long we keep it</Heading>
      <p>
        Unverified sign-ups are removed after 72 hours. When you delete your account we remove your account, sessions, answers, ratings and
        pending recommendations. Watch clicks are kept only as anonymous counts.
      </p>

      <Heading>Your choices</Heading>
      <p>
        You can change your username, email and password, or delete your account, on My Profile. You may ask us for a copy of what we hold
        about you or to correct it.
      </p>
      <p>
        <strong>Download your data:</strong> Australian Privacy Principle 12 gives you a right of access to the personal information we hold
        about you. Use Download My Data on My Profile at any time to save a copy as a file: your account details (without your password),
        your answers, ratings and film recommendations with what became of them, and your watch clicks.
      </p>

      <Heading>Other sites</Heading>
      <p>
        Trailers, watch links, sharing buttons, the newsletter, sister sites, the coffee page and the shop take you to sites run by others,
        with their own privacy policies.
      </p>

      <Heading>Governing law and contact</Heading>
      <p>
        This policy is governed by the laws of Australia, including the Privacy Act 1988 where it applies. Questions or requests:{' '}
        <a href={`mailto:${contact}`}>{contact}</a>.
      </p>
    </div>
  );
}
