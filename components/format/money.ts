const MICROS_PER_USD = 1_000_000;

/**
 * One formatter per locale and kind: building an Intl.NumberFormat loads the
 * locale's data (tens of milliseconds in a browser the first time, for a
 * currency), and a page formats many amounts while it hydrates.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, kind: 'usd' | 'count'): Intl.NumberFormat {
  const key = `${kind}:${locale}`;
  let found = formatters.get(key);
  if (!found) {
    found =
      kind === 'usd'
        ? new Intl.NumberFormat(locale, {
            style: 'currency',
            currency: 'USD',
            currencyDisplay: 'narrowSymbol',
            minimumFractionDigits: 2,
            maximumFractionDigits: 4,
          })
        : new Intl.NumberFormat(locale);
    formatters.set(key, found);
  }
  return found;
}

/** Micro-USD as dollars: at least cents, up to four decimals, "<$0.0001" for a tiny non-zero amount. */
export function formatUsd(micros: number, locale: string): string {
  const usd = micros / MICROS_PER_USD;
  const format = (value: number) => formatter(locale, 'usd').format(value);
  if (usd > 0 && usd < 0.0001) return `<${format(0.0001)}`;
  return format(usd);
}

export function usdToMicros(usd: number): number {
  return Math.round(usd * MICROS_PER_USD);
}

export function formatCount(value: number, locale: string): string {
  return formatter(locale, 'count').format(value);
}
