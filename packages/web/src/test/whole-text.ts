import type { MatcherFunction } from '@testing-library/react';

/** A paragraph whose whole text is `text`, links and all (a message with a link inside is split across elements). */
export const paragraphSaying =
  (text: string): MatcherFunction =>
  (_, element) =>
    element?.tagName === 'P' && element.textContent === text;
