// Ghanaian nursing, midwifery and health training institutions that feed the register form's
// school suggestions. Free text stays allowed: the list only saves typing.
export const SCHOOLS = [
  '37 Military Hospital Nursing and Midwifery Training College',
  'Aburi Nursing and Midwifery Training College',
  'Agogo Presbyterian Nursing and Midwifery Training College',
  'Akim Oda Nursing and Midwifery Training College',
  'Ankaful Nursing and Midwifery Training College',
  'Asankragwa Nursing and Midwifery Training College',
  'Bawku Presbyterian Nursing and Midwifery Training College',
  'Berekum Holy Family Nursing and Midwifery Training College',
  'Bolgatanga Nursing and Midwifery Training College',
  'Cape Coast Nursing and Midwifery Training College',
  'Christian Service University College, Department of Nursing',
  'College of Health and Well-Being, Kintampo',
  'Community Health Nursing Training College, Fomena',
  'Community Health Nursing Training College, Tanoso',
  'Community Health Nursing Training College, Winneba',
  'Dambai Nursing and Midwifery Training College',
  'Damongo Nursing and Midwifery Training College',
  'Esiama Nursing and Midwifery Training College',
  'Garden City University College, School of Nursing',
  'Goaso Nursing and Midwifery Training College',
  'Ho Nursing and Midwifery Training College',
  'Hohoe Nursing and Midwifery Training College',
  'Jirapa St. Joseph Nursing and Midwifery Training College',
  'Kete-Krachi Nursing and Midwifery Training College',
  'Keta Nursing and Midwifery Training College',
  'KNUST Department of Nursing',
  'Koforidua Nursing and Midwifery Training College',
  'Korle-Bu Nursing and Midwifery Training College',
  'Kpembe Nursing and Midwifery Training College',
  'Kumasi Nurses and Midwifery Training College',
  'Lawra Nursing and Midwifery Training College',
  'Mampong Nursing and Midwifery Training College',
  'Nalerigu Baptist Nursing and Midwifery Training College',
  'Narh-Bita College, School of Nursing',
  'Navrongo Nursing and Midwifery Training College',
  'Nkawkaw Holy Family Nursing and Midwifery Training College',
  'Pantang Nursing and Midwifery Training College',
  'Premier Nurses Training College, Kumasi',
  'Presbyterian University, Agogo Campus, Nursing',
  'Public Health Nurses School, Korle-Bu',
  'SDA Nursing and Midwifery Training College, Asanta',
  'Sefwi Wiawso Nursing and Midwifery Training College',
  'Sekondi Nursing and Midwifery Training College',
  'Sunyani Nursing and Midwifery Training College',
  'Tamale Nursing and Midwifery Training College',
  'Tarkwa Nursing and Midwifery Training College',
  'Techiman Holy Family Nursing and Midwifery Training College',
  'Tepa Nursing and Midwifery Training College',
  'Tumu Nursing and Midwifery Training College',
  'Twifo Praso Nursing and Midwifery Training College',
  'University of Cape Coast, School of Nursing and Midwifery',
  'University of Ghana, School of Nursing and Midwifery',
  'University of Health and Allied Sciences, Ho',
  'Valley View University, School of Nursing',
  'Wa Nursing and Midwifery Training College',
  'Yendi Nursing and Midwifery Training College',
] as const;

export const MAX_SCHOOL_SUGGESTIONS = 8;

/** Case-insensitive substring match, at most 8. */
export function suggestSchools(query: string, schools: readonly string[] = SCHOOLS): string[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return schools.filter((s) => s.toLowerCase().includes(q)).slice(0, MAX_SCHOOL_SUGGESTIONS);
}

/** The key two spellings of one school share: letters and digits, lower case, "&" as "and". */
export function schoolKey(name: string): string {
  return name.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '');
}
