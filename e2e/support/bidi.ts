import { z } from 'zod';

/** Left of the first `text` in the first element `selector` finds holding it, and of that element's <bdi>. */
export const lefts = z.object({ text: z.number(), title: z.number() }).nullable();
export const leftOf = (selector: string, text: string) => `(() => {
  const box = [...document.querySelectorAll(${JSON.stringify(selector)})].find((e) => e.textContent.includes(${JSON.stringify(text)}) && e.querySelector('bdi'));
  if (!box) return null;
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.data.indexOf(${JSON.stringify(text)});
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + 1);
    return { text: range.getBoundingClientRect().left, title: box.querySelector('bdi').getBoundingClientRect().left };
  }
  return null;
})()`;
