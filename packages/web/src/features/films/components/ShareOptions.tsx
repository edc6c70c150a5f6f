import { useEffect, useRef, useState } from 'react';
import type { Film } from '@filmlist/shared/api/films';
import { COPY_CONFIRMATION_MS } from '@filmlist/shared/constants';
import { urlCopiedMessage } from '@filmlist/shared/messages';
import { Isolated } from '../../../components/Isolated';
import { appConfig } from '../../../lib/app-config';
import { shareTargets } from '../list-logic';

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** docs/product.md §Sharing: Copy URL, Share via Email, Share on FB, Share on X; a copy is confirmed for 3 seconds. */
export function ShareOptions({ film }: { film: Pick<Film, 'slug' | 'title'> }) {
  const targets = shareTargets(appConfig.publicUrl, film);
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(targets.url);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    } catch (error) {
      console.error('Copying the URL failed', error);
    }
  };

  return (
    <div className="share-options">
      <div className="actions">
        <button type="button" className="act quiet" onClick={() => void copy()}>
          Copy URL
        </button>
        <a className="act quiet" href={targets.email}>
          Share via Email
        </a>
        <a className="act quiet" href={targets.facebook} {...external}>
          Share on FB
        </a>
        <a className="act quiet" href={targets.x} {...external}>
          Share on X
        </a>
      </div>
      <p className="share-copied success" role="status" aria-live="polite">
        {copied ? <Isolated text={urlCopiedMessage(film.title)} title={film.title} /> : ''}
      </p>
    </div>
  );
}
