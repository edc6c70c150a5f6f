import { useEffect, useRef } from 'react';

const KEY = 'listScroll';

/** Where the list was: the first row on screen (by film) and how far from the top of the screen, and the page's scroll. */
interface Place {
  y: number;
  film: string | null;
  top: number;
}

function placeIn(state: unknown): Place | null {
  if (typeof state !== 'object' || state === null || !(KEY in state)) return null;
  const place: unknown = state[KEY];
  if (typeof place !== 'object' || place === null || !('y' in place) || !('top' in place) || !('film' in place)) return null;
  const { y, top, film } = place;
  return typeof y === 'number' && typeof top === 'number' && (film === null || typeof film === 'string') ? { y, top, film } : null;
}

function currentPlace(): Place {
  const rows = document.querySelectorAll<HTMLElement>('.film-table tbody tr[data-film-id]');
  const first = [...rows].find((row) => row.getBoundingClientRect().bottom > 0);
  return { y: window.scrollY, film: first?.dataset.filmId ?? null, top: first?.getBoundingClientRect().top ?? 0 };
}

/**
 * docs/product.md §Film page: back from a film, the list is where it was. Before any click that
 * may leave the page, where the list is goes into its history entry; coming
 * back to that entry (Back, or the film page's link back), the same row is put
 * at the same height once the rows are in. Rows below the fold are laid out
 * only when near (content-visibility), so a row, not a pixel offset, is the mark.
 */
export function useListScroll(state: unknown, rowsShown: boolean): void {
  const restored = useRef(false);
  useEffect(() => {
    const keep = () => {
      const current: unknown = window.history.state;
      const base = typeof current === 'object' && current !== null ? current : {};
      window.history.replaceState({ ...base, [KEY]: currentPlace() }, '');
    };
    document.addEventListener('click', keep, true);
    return () => document.removeEventListener('click', keep, true);
  }, []);
  useEffect(() => {
    const place = placeIn(state);
    if (restored.current || !rowsShown || place === null) return;
    restored.current = true;
    window.scrollTo(0, place.y);
    const row = place.film === null ? null : document.querySelector(`.film-table tbody tr[data-film-id="${place.film}"]`);
    if (!row) return;
    // Rows that come near are laid out at their real height, which moves the mark: it is put back for a few frames.
    let frames = 0;
    let frame = 0;
    const align = () => {
      const off = row.getBoundingClientRect().top - place.top;
      if (Math.abs(off) > 1) window.scrollBy(0, off);
      frames += 1;
      if (frames < 12) frame = requestAnimationFrame(align);
    };
    align();
    return () => cancelAnimationFrame(frame);
  }, [state, rowsShown]);
}
