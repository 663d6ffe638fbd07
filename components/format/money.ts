const MICROS_PER_USD = 1_000_000;

/** Micro-USD as dollars: at least cents, up to four decimals, "<$0.0001" for a tiny non-zero amount. */
export function formatUsd(micros: number, locale: string): string {
  const usd = micros / MICROS_PER_USD;
  const format = (value: number) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    }).format(value);
  if (usd > 0 && usd < 0.0001) return `<${format(0.0001)}`;
  return format(usd);
}

export function usdToMicros(usd: number): number {
  return Math.round(usd * MICROS_PER_USD);
}

export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}
