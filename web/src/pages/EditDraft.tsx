/** A draft's subject and content changed in the same editor it was written in (PATCH /inbox/v1/campaigns/{id}); once scheduled the API refuses. */
import { type FormEvent, useState } from 'react';
import { type Answer, api, get } from '../api';
import { ErrorBox, Field, Loading, useLoad } from '../ui';
import { ArchiveCheckbox } from './CampaignArchive';
import { CampaignContent } from './CampaignContent';

type Content = Answer<'/inbox/v1/campaigns/{id}/content', 'get'>;

function EditForm({ id, content, archive, onDone }: { id: string; content: Content; archive: boolean; onDone: (saved: boolean) => void }) {
  const [form, setForm] = useState({ subject: content.subject, language: content.language, htmlContent: content.htmlContent, archive });
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const set = (key: 'subject' | 'language' | 'htmlContent') => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      await api('PATCH', `/inbox/v1/campaigns/${id}`, form);
      onDone(true);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="campaign-form" onSubmit={save} aria-label="Edit the draft">
      <Field label="Subject" name="subject" value={form.subject} onChange={set('subject')} error={error} required />
      <Field label="Language" name="language" value={form.language} onChange={set('language')} error={error} placeholder="en-US" required />
      <CampaignContent
        subject={form.subject}
        language={form.language}
        html={form.htmlContent}
        onChange={set('htmlContent')}
        onStartFrom={(n) => setForm((f) => ({ ...f, language: n.language, htmlContent: n.htmlContent }))}
        error={error}
      />
      <ArchiveCheckbox checked={form.archive} onChange={(on) => setForm((f) => ({ ...f, archive: on }))} />
      <ErrorBox error={error} />
      <div className="actions">
        <button type="submit" disabled={busy}>
          Save changes
        </button>
        <button type="button" className="small" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function LoadedEditor({ id, archive, onDone }: { id: string; archive: boolean; onDone: (saved: boolean) => void }) {
  const content = useLoad(() => get<Content>(`/inbox/v1/campaigns/${id}/content`), [id]);
  if (!content.data) return content.error ? <ErrorBox error={content.error} /> : <Loading />;
  return <EditForm id={id} content={content.data} archive={archive} onDone={onDone} />;
}

export function EditDraft({ id, archive, onSaved }: { id: string; archive: boolean; onSaved: () => void }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <section aria-labelledby="edit-title">
      <h2 id="edit-title">Content</h2>
      {editing ? (
        <LoadedEditor
          id={id}
          archive={archive}
          onDone={(changed) => {
            setEditing(false);
            setSaved(changed);
            if (changed) onSaved();
          }}
        />
      ) : (
        <>
          <button
            type="button"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            Edit subject and content
          </button>
          {saved && (
            <p role="status" data-testid="draft-saved">
              Changes saved: the preview and test copies show them.
            </p>
          )}
        </>
      )}
    </section>
  );
}
