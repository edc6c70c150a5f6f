import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_CONFIRMATION_MS } from '@filmlist/shared/constants';
import { urlCopiedMessage } from '@filmlist/shared/messages';
import { film } from '../../../test/factories';
import { ShareOptions } from './ShareOptions';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ShareOptions', () => {
  it('copies {site}/films/{slug} and confirms it for 3 seconds', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<ShareOptions film={film(1, 'The Fall', 2006)} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy URL' }));
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/films/the-fall-2006`);
    expect(status).toHaveTextContent(urlCopiedMessage('The Fall'));
    act(() => {
      vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1);
    });
    expect(status).toHaveTextContent(urlCopiedMessage('The Fall'));
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(status).toHaveTextContent('');
  });
});
