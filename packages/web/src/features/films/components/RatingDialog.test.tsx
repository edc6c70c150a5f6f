import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { film } from '../../../test/factories';
import { RatingDialog } from './RatingDialog';

const moon = film(1, 'Moon', 2009);

describe('RatingDialog', () => {
  it('offers ten stars as a radio group, focusing the current rating', () => {
    render(<RatingDialog film={moon} current={6} onChoose={vi.fn()} onClose={vi.fn()} />);
    const group = within(screen.getByRole('dialog', { name: 'Rate Moon' })).getByRole('radiogroup', { name: 'Your rating for Moon' });
    const stars = within(group).getAllByRole('radio');
    expect(stars).toHaveLength(10);
    expect(stars[0]).toHaveAccessibleName('1 star');
    expect(stars[9]).toHaveAccessibleName('10 stars');
    expect(screen.getByRole('radio', { name: '6 stars' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '6 stars' })).toHaveFocus();
    expect(stars.filter((s) => s.getAttribute('tabindex') === '0')).toHaveLength(1);
  });

  it('moves with the arrow keys and chooses with Enter or Space', async () => {
    const onChoose = vi.fn();
    const user = userEvent.setup();
    render(<RatingDialog film={moon} current={null} onChoose={onChoose} onClose={vi.fn()} />);
    const first = screen.getByRole('radio', { name: '1 star' });
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: '4 stars' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenLastCalledWith(moon, 3);
    await user.keyboard('{End}');
    expect(screen.getByRole('radio', { name: '10 stars' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '10 stars' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onChoose).toHaveBeenLastCalledWith(moon, 10);
  });

  it('lights the stars up to the one hovered, then back to the chosen one', () => {
    render(<RatingDialog film={moon} current={2} onChoose={vi.fn()} onClose={vi.fn()} />);
    const stars = screen.getAllByRole('radio');
    const lit = () => stars.filter((s) => s.classList.contains('lit')).length;
    expect(lit()).toBe(2);
    fireEvent.mouseEnter(stars[6] ?? document.body);
    expect(lit()).toBe(7);
    expect(stars[6]).toHaveClass('lit');
    expect(stars[7]).not.toHaveClass('lit');
    fireEvent.mouseLeave(screen.getByRole('radiogroup'));
    expect(lit()).toBe(2);
  });

  it('chooses by click and closes with Cancel', async () => {
    const onChoose = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<RatingDialog film={moon} current={null} onChoose={onChoose} onClose={onClose} />);
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    expect(onChoose).toHaveBeenCalledWith(moon, 5);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a readout that follows hover and the arrow keys, and the rating chosen', async () => {
    const user = userEvent.setup();
    render(<RatingDialog film={moon} current={6} onChoose={vi.fn()} onClose={vi.fn()} />);
    const readout = screen.getByText('6/10');
    expect(readout).toHaveAttribute('aria-hidden', 'true');
    await user.hover(screen.getByRole('radio', { name: '9 stars' }));
    expect(readout).toHaveTextContent('9/10');
    await user.unhover(screen.getByRole('radiogroup'));
    expect(readout).toHaveTextContent('6/10');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(readout).toHaveTextContent('4/10');
  });
});
