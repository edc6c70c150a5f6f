import { useState } from 'react';
import { appConfig } from '../lib/app-config';
import { ExternalLink } from './ExternalLink';

/**
 * docs/product.md §Public screens: the promo block under the heading, linking to the newsletter,
 * sister sites, coffee and shop. On a phone it is one line, the rest behind a
 * toggle, so the list starts on the first screen.
 */
export function Promo() {
  const { links } = appConfig;
  const [open, setOpen] = useState(false);
  return (
    <aside className={open ? 'promo open' : 'promo'} aria-label="More from The Film List">
      <p>
        Get new recommendations in <ExternalLink href={links.newsletter}>our newsletter</ExternalLink>.
        <span className="promo-more" id="promo-more">
          {' '}
          Love books or music too? Visit our sister sites for <ExternalLink href={links.books}>books</ExternalLink> and{' '}
          <ExternalLink href={links.music}>music</ExternalLink>. Enjoying the list?{' '}
          <ExternalLink href={links.coffee}>Buy us a coffee</ExternalLink> or browse <ExternalLink href={links.shop}>the shop</ExternalLink>
          .
        </span>{' '}
        <button
          type="button"
          className="promo-toggle link-button"
          aria-expanded={open}
          aria-controls="promo-more"
          onClick={() => setOpen(!open)}
        >
          {open ? 'Less' : 'More'}
        </button>
      </p>
    </aside>
  );
}
