/** The form names are compared in, without regard to case, accents or spacing ("Théâtre  du Port" = "theatre du port"). */
export function nameKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();
}
