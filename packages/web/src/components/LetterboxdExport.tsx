import { messages } from '@filmlist/shared/messages';
import { ExternalLink } from './ExternalLink';
import { useLetterboxdExport, type LetterboxdFile } from '../lib/letterboxd-export';

/** Letterboxd's page that imports a watchlist or ratings file. */
const LETTERBOXD_IMPORT = 'https://letterboxd.com/import/';

const FILES: { file: LetterboxdFile; label: string }[] = [
  { file: 'watchlist', label: 'Watchlist for Letterboxd (CSV)' },
  { file: 'ratings', label: 'Ratings for Letterboxd (CSV)' },
];

/**
 * docs/product.md §Letterboxd export: the two files, each downloaded with the member's bearer, and where Letterboxd
 * takes them in; a failure is said beside them.
 */
export function LetterboxdExport() {
  const download = useLetterboxdExport();
  return (
    <section className="letterboxd-export" aria-labelledby="letterboxd-heading">
      <h2 id="letterboxd-heading">Take it to Letterboxd</h2>
      <p className="letterboxd-where">
        Download a file, then import it at <ExternalLink href={LETTERBOXD_IMPORT}>letterboxd.com/import</ExternalLink>.
      </p>
      <div className="actions">
        {FILES.map(({ file, label }) => (
          <button key={file} type="button" className="act quiet" disabled={download.isPending} onClick={() => download.mutate(file)}>
            <span className="act-label">{download.isPending && download.variables === file ? 'Processing...' : label}</span>
          </button>
        ))}
      </div>
      {download.isError && (
        <p className="form-message error" role="alert">
          {messages.letterboxdExportFailed}
        </p>
      )}
    </section>
  );
}
