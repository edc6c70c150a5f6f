export type IconName = 'play' | 'share' | 'info' | 'star' | 'check' | 'eye' | 'menu' | 'back' | 'bookmark';

/**
 * A small icon beside a word that says the same; hidden from assistive technology. One empty element:
 * the shape is a mask in styles.css (outlines on a 24-unit grid; "play" and a filled "star" are solid),
 * so a list of films carries no SVG elements per row.
 */
export function Icon({ name, filled = false }: { name: IconName; filled?: boolean }) {
  return <span className={filled ? `icon icon-${name} filled` : `icon icon-${name}`} aria-hidden="true" />;
}
