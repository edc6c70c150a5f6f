import { appConfig } from '../../lib/app-config';

/** The Terms and Conditions, shown on /terms-conditions and in the sign-up pop-up. */
export function TermsText({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const contact = appConfig.links.contactEmail;
  return (
    <div className="legal-text">
      <p>
        These Terms and Conditions govern your use of The Film List, a community platform for recommending and rating films. By creating an
        account or using the site you agree to them. If you do not agree, please do not use the site.
      </p>

      <Heading>Your account</Heading>
      <ul>
        <li>You must give a working email address and verify it before you can log in.</li>
        <li>Keep your password to yourself. You are responsible for what happens under your account.</li>
        <li>One person, one account. Accounts created to game the list may be removed.</li>
        <li>You may change your details or delete your account at any time from My Profile.</li>
      </ul>

      <Heading>Recommendations, answers and ratings</Heading>
      <ul>
        <li>
          You may recommend any film that is not already on the list. Every recommendation is reviewed before it is added, and we may
          decline a recommendation without giving a reason.
        </li>
        <li>Give honest answers and ratings. Your answer to whether you had heard of a film before is final.</li>
        <li>Do not submit links, advertising, offensive material or anything you do not have the right to share.</li>
        <li>By submitting a recommendation you allow us to show its title, year and logline on The Film List without payment.</li>
      </ul>

      <Heading>Links to other sites</Heading>
      <p>
        Trailers, watch links, sister sites, the newsletter, the coffee page and the shop are run by others. We do not control them and are
        not responsible for their content, availability or terms.
      </p>

      <Heading>Acceptable use</Heading>
      <p>
        Do not try to break, overload or get around the security of the site, collect other members&apos; data, or use automated tools to
        vote. We may suspend or delete accounts that break these terms.
      </p>

      <Heading>No warranty and liability</Heading>
      <p>
        The site is provided as it is. We try to keep it available and accurate but make no promise that it will be. To the extent the law
        allows, we are not liable for any loss arising from your use of the site. Nothing in these terms limits rights you have under the
        Australian Consumer Law that cannot be excluded.
      </p>

      <Heading>Changes</Heading>
      <p>We may update these terms. The current version is always on this page, and continued use of the site means you accept it.</p>

      <Heading>Governing law</Heading>
      <p>These terms are governed by the laws of Australia, and its courts have jurisdiction over any dispute.</p>

      <Heading>Contact</Heading>
      <p>
        Questions about these terms: <a href={`mailto:${contact}`}>{contact}</a>.
      </p>
    </div>
  );
}
