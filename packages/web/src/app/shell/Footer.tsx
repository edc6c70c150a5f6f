import { Link } from '../../lib/router';
import { appConfig } from '../../lib/app-config';
import { ExternalLink } from '../../components/ExternalLink';

/** SPEC §2: newsletter, Coffee, Shop, Terms & Conditions, Privacy Policy and Contact. */
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
      <p>&copy; The Film List</p>
    </footer>
  );
}
