/**
 * ISO 4217 currency codes, as the runtime's ICU data knows them (no hand-kept list to
 * go stale), and the number of minor-unit digits of each (2 for EUR, 0 for JPY).
 */
const CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** True for a current ISO 4217 code in upper case, like EUR or JPY. */
export function isCurrencyCode(code: string): boolean {
  return CODES.has(code);
}

/** An amount in minor units written in major units: 4900 EUR → "49.00 EUR", 500 JPY → "500 JPY". */
export function formatMinorUnits(amount: number, currency: string): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return `${(amount / 10 ** digits).toFixed(digits)} ${currency}`;
}
