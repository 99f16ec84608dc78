/**
 * Countries offered at sign-up: ISO 3166-1 alpha-2 code (names come from Intl.DisplayNames, so every
 * language gets them without catalog entries) and numeric code as `countryId`.
 */
const COUNTRIES: readonly { code: string; id: number }[] = [
  { code: 'AR', id: 32 },
  { code: 'AU', id: 36 },
  { code: 'AT', id: 40 },
  { code: 'BE', id: 56 },
  { code: 'BR', id: 76 },
  { code: 'CA', id: 124 },
  { code: 'CL', id: 152 },
  { code: 'CN', id: 156 },
  { code: 'CO', id: 170 },
  { code: 'CZ', id: 203 },
  { code: 'DK', id: 208 },
  { code: 'EG', id: 818 },
  { code: 'FI', id: 246 },
  { code: 'FR', id: 250 },
  { code: 'DE', id: 276 },
  { code: 'GR', id: 300 },
  { code: 'HK', id: 344 },
  { code: 'HU', id: 348 },
  { code: 'IN', id: 356 },
  { code: 'ID', id: 360 },
  { code: 'IE', id: 372 },
  { code: 'IL', id: 376 },
  { code: 'IT', id: 380 },
  { code: 'JP', id: 392 },
  { code: 'KZ', id: 398 },
  { code: 'KR', id: 410 },
  { code: 'MY', id: 458 },
  { code: 'MX', id: 484 },
  { code: 'NL', id: 528 },
  { code: 'NZ', id: 554 },
  { code: 'NG', id: 566 },
  { code: 'NO', id: 578 },
  { code: 'PE', id: 604 },
  { code: 'PH', id: 608 },
  { code: 'PL', id: 616 },
  { code: 'PT', id: 620 },
  { code: 'RO', id: 642 },
  { code: 'RU', id: 643 },
  { code: 'SA', id: 682 },
  { code: 'SG', id: 702 },
  { code: 'ZA', id: 710 },
  { code: 'ES', id: 724 },
  { code: 'SE', id: 752 },
  { code: 'CH', id: 756 },
  { code: 'TW', id: 158 },
  { code: 'TH', id: 764 },
  { code: 'TR', id: 792 },
  { code: 'UA', id: 804 },
  { code: 'AE', id: 784 },
  { code: 'GB', id: 826 },
  { code: 'US', id: 840 },
  { code: 'VN', id: 704 },
];

function regionNames(locale: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** Options sorted by their name in the reader's language. */
export function countryOptions(locale: string): { value: string; label: string }[] {
  const name = regionNames(locale);
  return COUNTRIES.map((c) => ({ value: String(c.id), label: name(c.code) })).sort((a, b) =>
    a.label.localeCompare(b.label, locale),
  );
}

/** The stored `country` is the English name, so the server and other readers see one spelling. */
export function countryNameEn(id: number): string {
  const found = COUNTRIES.find((c) => c.id === id);
  return found ? regionNames('en')(found.code) : '';
}
