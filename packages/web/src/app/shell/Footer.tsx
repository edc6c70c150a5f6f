import { Link } from '../../lib/router';
import { appConfig } from '../../lib/app-config';

/** SPEC §2: newsletter, Coffee, Shop, Terms & Conditions, Privacy Policy and Contact. */
export function Footer() {
  const { links } = appConfig;
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        <ul>
          <li>
            <a href={links.newsletter} target="_blank" rel="noopener noreferrer">
              Newsletter
            </a>
          </li>
          <li>
            <a href={links.coffee} target="_blank" rel="noopener noreferrer">
              Coffee
            </a>
          </li>
          <li>
            <a href={links.shop} target="_blank" rel="noopener noreferrer">
              Shop
            </a>
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
