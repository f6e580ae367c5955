/** The account's postal address, which every campaign copy carries in its footer: asked for where a campaign is written and sent while it is missing. */
import { type FormEvent, useState } from 'react';
import { type Answer, api, get } from '../api';
import { ErrorBox, useLoad } from '../ui';

type Account = Answer<'/account', 'get'>;

export function PostalAddressNotice() {
  const account = useLoad(() => get<Account>('/account'), []);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  if (!account.data) return null;
  if (account.data.postalAddress)
    return saved ? (
      <p role="status" className="muted">
        Postal address saved: it is printed in the footer of every campaign copy.
      </p>
    ) : null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      await api('PATCH', '/account', { postalAddress: address });
      setSaved(true);
      account.reload();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <form className="notice postal-address" onSubmit={submit} aria-label="Postal address">
      <p data-testid="postal-address-warning">
        <strong>Your postal address is not set.</strong> Laws on bulk mail (CAN-SPAM in the US, and others) ask every campaign to carry the sender's physical
        address; it is printed in the footer of each copy, with the unsubscribe link.
      </p>
      <div className="field">
        <label htmlFor="postal-address">Postal address</label>
        <textarea id="postal-address" rows={3} value={address} onChange={(e) => setAddress(e.target.value)} required />
      </div>
      <button type="submit" className="small">
        Save postal address
      </button>
      <ErrorBox error={error} />
    </form>
  );
}
