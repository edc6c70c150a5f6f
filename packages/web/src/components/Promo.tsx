import { appConfig } from '../lib/app-config';
import { ExternalLink } from './ExternalLink';

/** SPEC §2: the promo block under the heading, linking to the newsletter, sister sites, coffee and shop. */
export function Promo() {
  const { links } = appConfig;
  return (
    <aside className="promo" aria-label="More from The Film List">
      <p>
        Get new recommendations in <ExternalLink href={links.newsletter}>our newsletter</ExternalLink>. Love books or music too? Visit
        our sister sites for <ExternalLink href={links.books}>books</ExternalLink> and <ExternalLink href={links.music}>music</ExternalLink>.
        Enjoying the list? <ExternalLink href={links.coffee}>Buy us a coffee</ExternalLink> or browse <ExternalLink href={links.shop}>the shop</ExternalLink>.
      </p>
    </aside>
  );
}
