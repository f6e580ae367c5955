/**
 * The campaign's place in the account's public archive (PATCH /inbox/v1/campaigns/{id}
 * `archive`): on by choice, for a draft or a sent campaign alike; the link is shown once on.
 */
import { useEffect, useState } from 'react';
import { api } from '../api';
import { ErrorBox } from '../ui';

/** The checkbox alone, for a form that saves it with the rest (the draft editor). */
export function ArchiveCheckbox({ checked, onChange, disabled }: { checked: boolean; onChange: (on: boolean) => void; disabled?: boolean }) {
  return (
    <label className="check">
      <input type="checkbox" name="archive" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} /> Show in the public archive
    </label>
  );
}

/** The choice saved at once, and where the public pages are. */
export function CampaignArchive({
  c,
  onChanged,
}: {
  c: { id: string; status: number; archive: boolean; archiveUrl: string; archiveListUrl: string };
  onChanged: () => void;
}) {
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  // The box follows the click at once; the campaign, reloaded after the save, confirms it.
  const [on, setOn] = useState(c.archive);
  useEffect(() => setOn(c.archive), [c.archive]);
  const change = async (wanted: boolean) => {
    setError(undefined);
    setBusy(true);
    setOn(wanted);
    try {
      await api('PATCH', `/inbox/v1/campaigns/${c.id}`, { archive: wanted });
      onChanged();
    } catch (failure) {
      setOn(!wanted);
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="archive-title">
      <h2 id="archive-title">Public archive</h2>
      <ArchiveCheckbox checked={on} onChange={change} disabled={busy} />
      {c.archive && c.archiveUrl && (
        <p data-testid="archive-link">
          {c.status === 3 ? 'Anyone with the link can read it: ' : 'Readable by anyone with the link once it is sent: '}
          <a href={c.archiveUrl} target="_blank" rel="noreferrer">
            {c.archiveUrl}
          </a>{' '}
          (
          <a href={c.archiveListUrl} target="_blank" rel="noreferrer">
            all archived campaigns
          </a>
          )
        </p>
      )}
      <ErrorBox error={error} />
    </section>
  );
}
