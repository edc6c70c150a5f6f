import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Promo } from './Promo';

describe('Promo', () => {
  it('links to the newsletter, the sister sites, coffee and the shop; the rest of it behind a toggle on a phone', async () => {
    render(<Promo />);
    const promo = screen.getByRole('complementary', { name: 'More from The Film List' });
    for (const name of ['our newsletter', 'books', 'music', 'Buy us a coffee', 'the shop'])
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'More' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'promo-more');
    await userEvent.setup().click(toggle);
    expect(screen.getByRole('button', { name: 'Less' })).toHaveAttribute('aria-expanded', 'true');
    expect(promo).toHaveClass('open');
  });
});
