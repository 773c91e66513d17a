/**
 * schema.org `PostalAddress` from a venue's address as people write it on an envelope (one line per
 * line; commas also separate parts). The line with a postal code gives the code and the locality,
 * the street comes before it and a country after; without a code, the last part is the locality.
 */
export interface PostalAddress {
  '@type': 'PostalAddress';
  streetAddress?: string;
  postalCode?: string;
  addressLocality?: string;
  addressCountry?: string;
}

/** "75011 Paris", "D-10115 Berlin", "1012 AB Amsterdam", "SW1A 1AA London" (code first). */
const CODE_FIRST = /^(?:[A-Z]{1,2}-)?(\d{4} ?[A-Z]{2}|\d{4,5}|\d{3} ?\d{2}|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})\s+(\D.*)$/;
/** "Montréal QC H2X 1Y4", "Boston, MA 02115", "Tokyo 150-0001", "London SW1A 1AA" (code last). */
const CODE_LAST = /^(\D.*?)\s+(\d{3}-\d{4}|\d{5}(?:-\d{4})?|[A-Z]\d[A-Z] ?\d[A-Z]\d|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/;

export function postalAddressOf(text: string): PostalAddress {
  const parts = text
    .split(/\r?\n|,/)
    .map((part) => part.trim())
    .filter(Boolean);
  const address: PostalAddress = { '@type': 'PostalAddress' };
  for (let index = parts.length - 1; index >= 0; index -= 1) {
    const part = parts[index]!;
    const first = CODE_FIRST.exec(part);
    const last = first ? null : CODE_LAST.exec(part);
    if (!first && !last) continue;
    const street = parts.slice(0, index).join(', ');
    const country = parts.slice(index + 1).join(', ');
    if (street) address.streetAddress = street;
    address.postalCode = first ? first[1]! : last![2]!;
    address.addressLocality = first ? first[2]! : last![1]!;
    if (country) address.addressCountry = country;
    return address;
  }
  if (parts.length > 1) {
    address.streetAddress = parts.slice(0, -1).join(', ');
    address.addressLocality = parts.at(-1)!;
  } else if (parts.length === 1) {
    address.streetAddress = parts[0]!;
  }
  return address;
}
