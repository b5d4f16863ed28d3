import { EN, FR } from './countryNames.gen';

/**
 * ISO 3166-1 alpha-2 codes. Their names in English and French are written out (countryNames.gen.ts,
 * made from Intl by scripts/countryNames.mjs): a page's first Intl.DisplayNames loads ICU's region
 * data, ~45 ms on this machine and four times that on the phone Lighthouse emulates, in the task
 * that fills a list's country filter. Other languages ask the browser (Intl.DisplayNames).
 */
const CODES =
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  );

/** How many countries a country filter offers. */
export const COUNTRY_COUNT = CODES.length;

/** Each written-out language's countries, named and in its alphabetical order. */
const WRITTEN: Record<string, string> = { en: EN, fr: FR };
const written = new Map<string, { code: string; name: string }[]>();

function writtenOut(locale: string): { code: string; name: string }[] | null {
  const base = locale.split('-')[0] ?? locale;
  const table = WRITTEN[base];
  if (table === undefined) return null;
  let rows = written.get(base);
  if (!rows) {
    rows = table.split('|').map((row) => ({ code: row.slice(0, 2), name: row.slice(2) }));
    written.set(base, rows);
  }
  return rows;
}

const displayNames = new Map<string, Intl.DisplayNames | null>();

/** The browser's country names in `locale` (built once per language: building one is costly). */
function regionNames(locale: string): Intl.DisplayNames | null {
  if (!displayNames.has(locale)) {
    let names: Intl.DisplayNames | null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    displayNames.set(locale, names);
  }
  return displayNames.get(locale) ?? null;
}

/** One country as an option (none when `code` is absent or not a country): a select's chosen one. */
export function countryOption(
  locale: string,
  code: string | undefined,
): { code: string; name: string }[] {
  if (!code || !CODES.includes(code)) return [];
  const known = writtenOut(locale)?.find((row) => row.code === code);
  return [known ?? { code, name: regionNames(locale)?.of(code) ?? code }];
}

const sorted = new Map<string, { code: string; name: string }[]>();

/**
 * Every country, named and sorted in the UI language: computed once per language (naming and
 * sorting 250 countries took a phone's main thread about 50 ms on each list page).
 */
export function countryOptions(locale: string): { code: string; name: string }[] {
  const known = sorted.get(locale) ?? writtenOut(locale);
  if (known) return known;
  const names = regionNames(locale);
  let compare: (a: string, b: string) => number;
  try {
    compare = new Intl.Collator(locale).compare;
  } catch {
    compare = (a, b) => a.localeCompare(b);
  }
  const options = CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) =>
    compare(a.name, b.name),
  );
  sorted.set(locale, options);
  return options;
}
