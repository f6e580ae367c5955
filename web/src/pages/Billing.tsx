import { type Answer, get, type ItemOf, type ListObject } from '../api';
import { Card, Empty, ErrorBox, Loading, Table, useLoad, when } from '../ui';

type Account = Answer<'/account', 'get'>;
type Payment = ItemOf<'/account/payments'>;
type Usage = Answer<'/account/usage', 'get'>;

/** An amount in the currency's minor unit, as the person reads it (4900 EUR → €49.00; JPY has no minor unit). */
function money(amount: number, currency: string): string {
  const format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** Credits left, the payments that added them, and this month's use (GET /account, /account/payments, /account/usage). */
export function Billing() {
  const account = useLoad(() => get<Account>('/account'), []);
  const payments = useLoad(() => get<ListObject<Payment>>('/account/payments?pageSize=100'), []);
  const usage = useLoad(() => get<Usage>('/account/usage'), []);
  return (
    <section>
      <h1>Billing</h1>
      <ErrorBox error={account.error ?? payments.error ?? usage.error} />
      {!account.data || !usage.data ? (
        !account.error && !usage.error && <Loading />
      ) : (
        <div className="cards">
          <Card
            label="Credits left"
            testId="billing-credits"
            value={account.data.billingMode === 'off' ? 'Unlimited (billing off)' : account.data.creditBalance}
          />
          <Card label={`Used ${usage.data.from} to ${usage.data.to}`} testId="billing-used" value={usage.data.used} />
          <Card label="Refunded (not attempted)" testId="billing-refunded" value={usage.data.refunded} />
        </div>
      )}
      <h2>Payments</h2>
      {!payments.data ? (
        !payments.error && <Loading />
      ) : payments.data.items.length === 0 ? (
        <Empty title="No payments yet">Credits are added by the operator of this Postwire when a payment is recorded; each accepted recipient uses one.</Empty>
      ) : (
        <Table
          label="Payments"
          columns={['Date', 'Credits', 'Amount', 'Method', 'Reference']}
          items={payments.data.items}
          rowKey={(p) => p.id}
          cells={(p) => [when(p.createTime), p.credits, money(p.amount, p.currency), p.method, p.reference ?? '—']}
        />
      )}
      <h2>Usage per day</h2>
      {usage.data &&
        // Only the days with use: the API lists every day of the month, most of them zero.
        (usage.data.days.some((d) => d.charged || d.refunded) ? (
          <Table
            label="Usage per day"
            columns={['Day', 'Charged', 'Refunded', 'Used']}
            items={usage.data.days.filter((d) => d.charged || d.refunded)}
            rowKey={(d) => d.date}
            cells={(d) => [d.date, d.charged, d.refunded, d.used]}
          />
        ) : (
          <Empty title="No credits used this month">Each accepted recipient uses one credit while billing is on.</Empty>
        ))}
    </section>
  );
}
