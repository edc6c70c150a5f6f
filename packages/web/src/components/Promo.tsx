import { appConfig } from '../lib/app-config';

/** SPEC §2: the promo block under the heading, linking to the newsletter, sister sites, coffee and shop. */
export function Promo() {
  const { links } = appConfig;
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <aside className="promo" aria-label="More from The Film List">
      <p>
        Get new recommendations in <a href={links.newsletter} {...external}>our newsletter</a>. Love books or music too? Visit
        our sister sites for <a href={links.books} {...external}>books</a> and <a href={links.music} {...external}>music</a>.
        Enjoying the list? <a href={links.coffee} {...external}>Buy us a coffee</a> or browse <a href={links.shop} {...external}>the shop</a>.
      </p>
    </aside>
  );
}
