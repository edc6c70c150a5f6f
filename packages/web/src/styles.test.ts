import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postcss, { type Container } from 'postcss';
import { describe, expect, it } from 'vitest';

/** docs/product.md §List rows: hover styles apply only where the device can hover, so a tap leaves nothing lit. */

// The file as written (an import of it would be processed CSS); the path from this file's own, as URL here is jsdom's.
const css = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'styles.css'), 'utf8');
const HOVER_MEDIA = /\(\s*hover\s*:\s*hover\s*\)/;

/** Each rule with :hover in its selector outside @media (hover: hover), at any depth, as "line: selector". */
function strayHovers(source: string): string[] {
  const stray: string[] = [];
  const visit = (container: Container, underHover: boolean): void => {
    container.each((child) => {
      if (child.type === 'atrule') visit(child, underHover || (child.name === 'media' && HOVER_MEDIA.test(child.params)));
      if (child.type !== 'rule') return;
      if (!underHover && child.selectors.some((selector) => selector.includes(':hover'))) {
        stray.push(`${child.source?.start?.line ?? '?'}: ${child.selector}`);
      }
      visit(child, underHover);
    });
  };
  visit(postcss.parse(source), false);
  return stray;
}

describe('styles.css', () => {
  it('has no :hover outside @media (hover: hover)', () => {
    expect(css).toContain(':hover');
    expect(strayHovers(css)).toEqual([]);
  });

  it('the check finds a stray :hover, at any depth, and passes one under (hover: hover)', () => {
    expect(strayHovers('a:hover { color: red; }')).toEqual(['1: a:hover']);
    expect(strayHovers('@media (prefers-color-scheme: dark) {\n  b, c:hover:not(.x) { color: red; }\n}')).toEqual([
      '2: b, c:hover:not(.x)',
    ]);
    expect(strayHovers('@media (prefers-color-scheme: dark) { @media (hover: hover) { a:hover { color: red; } } }')).toEqual([]);
    expect(strayHovers('@media (hover:hover) and (pointer: fine) { a:hover { color: red; } }')).toEqual([]);
    expect(strayHovers('@media (hover: none) { a:hover { color: red; } }')).toEqual(['1: a:hover']);
  });
});
