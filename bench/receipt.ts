/**
 * The receipt of the template benches (bench:template, bench:send --template): a shared layout
 * (header, footer, styles) and a receipt with 20 line items, a discount line shown only when
 * there is one, and amounts in a locale, as a shop would write them; and the values of one order.
 */
export const LAYOUT = {
  name: 'Shop layout',
  subject: '-',
  isLayout: true,
  htmlContent:
    '<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:Arial,sans-serif;color:#222} .item td{padding:4px;border-bottom:1px solid #ddd} ' +
    '.amount{text-align:right}</style></head><body><header style="padding:12px;background:#f4f4f4"><b>Example Shop</b></header>' +
    '{{{ body }}}<footer style="font-size:12px;color:#666"><p>Example Shop · 1 Market Street · Springfield</p>' +
    '<p>You receive this receipt because you ordered from us, {{ customer.name }}.</p></footer></body></html>',
};

export const RECEIPT = {
  name: 'Receipt',
  subject: 'Your receipt for order {{ order.id }}',
  htmlContent:
    '<h1 style="font-size:20px">Thank you, {{ customer.name }}</h1><p>Order {{ order.id }}, {{formatDate order.date "en-GB"}}</p>' +
    '<table style="border-collapse:collapse;width:100%">{{#each order.items}}<tr class="item"><td>{{ title }}</td><td>{{ quantity }} ×</td>' +
    '<td class="amount">{{formatCurrency price "EUR" "de-DE"}}</td></tr>{{/each}}</table>' +
    '{{#if order.discount}}<p class="amount">Discount: -{{formatCurrency order.discount "EUR" "de-DE"}}</p>{{/if}}' +
    '<p class="amount"><b>Total {{formatCurrency order.total "EUR" "de-DE"}}</b></p>' +
    '<p>Track the parcel at <a href="https://shop.example.com/track/{{ order.id }}">shop.example.com/track/{{ order.id }}</a>.</p>',
};

/** The values of one order: 20 line items, a discount. */
export function receiptParams(): Record<string, unknown> {
  const items = Array.from({ length: 20 }, (_, i) => ({ title: `Item ${i + 1}: Widget, size M`, quantity: 1 + (i % 3), price: 9.5 + i }));
  const total = items.reduce((n, item) => n + item.quantity * item.price, 0);
  return {
    customer: { name: 'Alex Example' },
    order: { id: 'R-40213', date: '2026-11-27T10:00:00Z', items, discount: 5, total: total - 5 },
  };
}
