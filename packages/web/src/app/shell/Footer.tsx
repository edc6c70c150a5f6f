import { messages } from '@filmlist/shared/messages';
import { Link } from '../../lib/router';
import { appConfig } from '../../lib/app-config';
import { ExternalLink } from '../../components/ExternalLink';
import { JustWatchCredit } from '../../components/JustWatchCredit';

/**
 * docs/product.md §Navigation and shell: newsletter, Coffee, Shop, Terms & Conditions, Privacy Policy and
 * Contact; while the film database is on, its credit and JustWatch's (docs/product.md §Film database).
 */
export function Footer() {
  const { links } = appConfig;
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        <ul>
          <li>
            <ExternalLink href={links.newsletter}>Newsletter</ExternalLink>
          </li>
          <li>
            <ExternalLink href={links.coffee}>Coffee</ExternalLink>
          </li>
          <li>
            <ExternalLink href={links.shop}>Shop</ExternalLink>
          </li>
          <li>
            <Link to="/terms-conditions">Terms &amp; Conditions</Link>
          </li>
          <li>
            <Link to="/privacy-policy">Privacy Policy</Link>
          </li>
          <li>
            <a href={`mailto:${links.contactEmail}`}>Contact</a>
          </li>
        </ul>
      </nav>
      {appConfig.filmDatabase && (
        <p className="footer-credit">
          {messages.tmdbCredit} <JustWatchCredit />
        </p>
      )}
      <p>&copy; The Film List</p>
    </footer>
  );
}
