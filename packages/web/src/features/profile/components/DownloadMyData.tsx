import { useState } from 'react';
import type { MyExport } from '@filmlist/shared/api/me';
import { messages } from '@filmlist/shared/messages';
import { ProcessingButton } from '../../../components/ProcessingButton';
import { withRetryNote } from '../../../lib/retry-note';
import { saveFile } from '../../../lib/save-file';
import { useExportMyData } from '../api/export-my-data';
import type { Outcome } from '../hooks/use-profile-form';
import { FormOutcome } from './FormOutcome';

/** The data as a JSON file the browser saves. */
function saveAsFile(data: MyExport): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  saveFile(blob, `the-film-list-my-data-${data.exported_at.slice(0, 10)}.json`);
}

/** "Download my data" (docs/product.md §Download my data): the account, answers, ratings, submissions and watch clicks as a JSON file. */
export function DownloadMyData({ active, onUse }: { active: boolean; onUse: () => void }) {
  const { mutateAsync: exportData, isPending } = useExportMyData();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const download = async () => {
    onUse();
    setOutcome(null);
    try {
      saveAsFile(await exportData());
      setOutcome({ ok: true, text: messages.dataExported });
    } catch (error) {
      setOutcome({ ok: false, text: withRetryNote(messages.exportFailed, error) });
    }
  };

  return (
    <section className="profile-form download-data" aria-labelledby="download-data">
      <h2 id="download-data">Download My Data</h2>
      <p>
        A copy of what The Film List holds about you, as a JSON file: your account details (never your password), your answers, ratings,
        submissions and watch clicks.
      </p>
      <FormOutcome outcome={active ? outcome : null} />
      <div className="actions">
        <ProcessingButton type="button" processing={isPending} onClick={() => void download()} label="Download My Data" />
      </div>
    </section>
  );
}
