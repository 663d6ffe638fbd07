const KB = 1024;
const MB = 1024 * 1024;

/** Bytes as a person reads them: "1 kB" (at least, for a non-empty file), "14 kB", "4.2 MB", in the locale's own units. */
export function formatFileSize(bytes: number, locale: string): string {
  const [value, unit, digits] = bytes < MB ? [Math.ceil(bytes / KB), 'kilobyte', 0] : [bytes / MB, 'megabyte', 1];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: digits }).format(value);
}
