import { useState } from 'react';

/** A logline at least this long may not fit its lines; where the browser can tell (styles.css), the toggle shows only if it does not. */
const MAY_WRAP = 60;
/** Over this, a browser that cannot tell shows the toggle anyway. */
const LONG = 90;

/**
 * A logline clamped to two lines (three on a wide screen), with a "more"
 * toggle. The whole text is always in the page (find-in-page and screen
 * readers read it all); only its height changes.
 */
export function Logline({ text }: { text: string }) {
  // Which text was opened: a row reused for another film (rows are keyed by position) starts closed.
  const [openText, setOpenText] = useState<string | null>(null);
  const open = openText === text;
  return (
    <div className={open ? 'logline open' : 'logline'} data-long={text.length > LONG ? '' : undefined}>
      <span className="logline-text">
        <span>{text}</span>
        {text.length > MAY_WRAP && (
          <button type="button" className="more-toggle" aria-expanded={open} onClick={() => setOpenText(open ? null : text)}>
            {open ? 'less' : 'more'}
          </button>
        )}
      </span>
    </div>
  );
}
