/** A campaign's content: its HTML, with the placeholders a contact's copy fills in. */
import { FieldError } from '../ui';

export function CampaignContent({ html, onChange, error }: { html: string; onChange: (html: string) => void; error: unknown }) {
  return (
    <div className="field">
      <label htmlFor="campaign-html">HTML (placeholders such as #email# are filled per contact)</label>
      <textarea id="campaign-html" rows={8} value={html} onChange={(e) => onChange(e.target.value)} required />
      <FieldError error={error} name="htmlContent" />
    </div>
  );
}
