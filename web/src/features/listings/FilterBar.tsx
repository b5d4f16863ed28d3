import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { VerifiedIcon } from '@/components/VerifiedBadge';
import { GENDERS, ORIENTATIONS } from '@/config/options';
import { useRevealed } from '@/hooks/useAfterFirstPaint';
import { useTranslation } from '@/i18n/useTranslation';
import { countryOptions as allCountries, COUNTRY_COUNT, countryOption } from '@/lib/countries';
import {
  type FilterKey,
  type Filters,
  hasActiveFilters,
  type ListingScope,
  lockedKeys,
  withFilter,
} from './filters';
import { countriesQuery, tagsQuery } from './queries';

const MAX_TAG_OPTIONS = 60;
const COUNTRIES_PER_TASK = 50;

/** Gender, orientation, country, tag, VIP, verified owners and has-tag; every change is written to the URL by the caller. */
export function FilterBar({
  scope,
  filters,
  onChange,
  onClear,
}: {
  scope: ListingScope;
  filters: Filters;
  onChange: (next: Filters) => void;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const locked = lockedKeys(scope);
  const countries = useQuery(countriesQuery);
  const tags = useQuery(tagsQuery(scope.app));
  const set = <K extends FilterKey>(key: K, value: Filters[K] | '') =>
    onChange(withFilter(filters, key, value));

  // The tags too come after the first paint (or when the select is reached), the chosen one at once.
  const [tagsWanted, setTagsWanted] = useState(false);
  const tagNames = (tags.data ?? []).slice(0, MAX_TAG_OPTIONS).map((tag) => tag.name);
  const tagsShown = useRevealed(tagNames.length, 0, MAX_TAG_OPTIONS, tagsWanted);
  const tagOptions = tagNames.slice(0, tagsShown);
  if (filters.tag && !tagOptions.includes(filters.tag)) tagOptions.unshift(filters.tag);
  // Countries with listings first (their counts are recounted every minute or so), then every
  // other country: a member who just listed from a new country can filter by it at once.
  // The other ~250 <option>s come after the first paint, a few dozen per task (in one task they
  // were 50-75 ms at a phone's speed, long enough to block a tap), or all at once when the reader
  // reaches the select. The chosen country is always there, so the select shows it.
  const [countriesWanted, setCountriesWanted] = useState(false);
  const every = useRevealed(COUNTRY_COUNT, 0, COUNTRIES_PER_TASK, countriesWanted);
  const listed = countries.data ?? [];
  const listedCodes = new Set(listed.map((c) => c.code));
  const others =
    every >= COUNTRY_COUNT
      ? allCountries(i18n.language)
      : [
          ...countryOption(i18n.language, filters.country),
          ...allCountries(i18n.language)
            .slice(0, every)
            .filter((c) => c.code !== filters.country),
        ];
  const countryOptions = [...listed, ...others.filter((c) => !listedCodes.has(c.code))];
  // An app's pages have a VIP tab: a "VIP only" filter beside it would say the same thing twice.
  const shown: FilterKey[] = (
    ['gender', 'orientation', 'country', 'tag', 'vip', 'verified', 'has_tag'] as const
  ).filter(
    (key) =>
      !locked.has(key) &&
      !(key === 'vip' && scope.app) &&
      // A tag's own page lists only usernames with that tag: "with tags" would change nothing.
      !(key === 'has_tag' && scope.tag),
  );
  const activeCount = shown.filter((key) => filters[key] !== undefined).length;
  // The on/off filters share one row under the selects, each as wide as its words.
  const toggles = shown.filter((key) => key === 'vip' || key === 'verified' || key === 'has_tag');
  const panelId = `${id}-panel`;
  // Only a header search to undo: the link says what it does.
  const clearLabel =
    filters.q && !hasActiveFilters({ ...filters, q: undefined })
      ? t('listings.clearSearch')
      : t('listings.filters.clear');

  return (
    <section className="mb-3" aria-label={t('listings.filters.label')}>
      <div className="d-flex gap-2 d-md-none mb-2">
        <button
          type="button"
          className="btn btn-outline-secondary btn-touch flex-grow-1 filter-bar-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
        >
          {activeCount > 0
            ? t('listings.filters.toggleCount', { count: activeCount })
            : t('listings.filters.toggle')}
        </button>
        {hasActiveFilters(filters) && (
          <button type="button" className="btn btn-link btn-touch" onClick={onClear}>
            {clearLabel}
          </button>
        )}
      </div>
      <div
        id={panelId}
        className={`addme-card filter-bar ${open ? '' : 'd-none d-md-grid'}`}
        style={{ '--filter-cols': shown.length - toggles.length } as React.CSSProperties}
        data-testid="filter-bar"
      >
        {shown.includes('gender') && (
          <div>
            <label className="form-label" htmlFor={`${id}-gender`}>
              {t('listings.filters.gender')}
            </label>
            <select
              className="form-select"
              id={`${id}-gender`}
              value={filters.gender ?? ''}
              onChange={(e) => set('gender', e.target.value as Filters['gender'] | '')}
            >
              <option value="">{t('listings.filters.any')}</option>
              {/* Options written out, not components/Options: the filter bar is on a list's first
                  visit, where one more shared chunk is one more file against the weight budget. */}
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {t(`gender.${g}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        {shown.includes('orientation') && (
          <div>
            <label className="form-label" htmlFor={`${id}-orientation`}>
              {t('listings.filters.orientation')}
            </label>
            <select
              className="form-select"
              id={`${id}-orientation`}
              value={filters.orientation ?? ''}
              onChange={(e) => set('orientation', e.target.value as Filters['orientation'] | '')}
            >
              <option value="">{t('listings.filters.any')}</option>
              {ORIENTATIONS.map((o) => (
                <option key={o} value={o}>
                  {t(`orientation.${o}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        {shown.includes('country') && (
          <div>
            <label className="form-label" htmlFor={`${id}-country`}>
              {t('listings.filters.country')}
            </label>
            <select
              className="form-select"
              id={`${id}-country`}
              value={filters.country ?? ''}
              onFocus={() => setCountriesWanted(true)}
              onPointerDown={() => setCountriesWanted(true)}
              onChange={(e) => set('country', e.target.value)}
            >
              <option value="">{t('listings.filters.anyCountry')}</option>
              {countryOptions.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {shown.includes('tag') && (
          <div>
            <label className="form-label" htmlFor={`${id}-tag`}>
              {t('listings.filters.tag')}
            </label>
            <select
              className="form-select"
              id={`${id}-tag`}
              value={filters.tag ?? ''}
              onFocus={() => setTagsWanted(true)}
              onPointerDown={() => setTagsWanted(true)}
              onChange={(e) => set('tag', e.target.value)}
            >
              <option value="">{t('listings.filters.anyTag')}</option>
              {tagOptions.map((tag) => (
                <option key={tag} value={tag}>
                  #{tag}
                </option>
              ))}
            </select>
          </div>
        )}
        {toggles.length > 0 && (
          <div className="filter-bar-toggles">
            {shown.includes('vip') && (
              <button
                type="button"
                className={`btn btn-touch ${filters.vip ? 'btn-warning fw-bold' : 'btn-outline-secondary'}`}
                aria-pressed={!!filters.vip}
                onClick={() => set('vip', filters.vip ? '' : true)}
              >
                {t('listings.filters.vipOnly')}
              </button>
            )}
            {shown.includes('verified') && (
              <button
                type="button"
                className={`btn btn-touch ${filters.verified ? 'btn-success fw-bold' : 'btn-outline-secondary'}`}
                aria-pressed={!!filters.verified}
                onClick={() => set('verified', filters.verified ? '' : true)}
                data-testid="filter-verified"
              >
                <VerifiedIcon /> {t('listings.filters.verifiedOnly')}
              </button>
            )}
            {shown.includes('has_tag') && (
              <button
                type="button"
                className={`btn btn-touch ${filters.has_tag ? 'btn-accent fw-bold' : 'btn-outline-secondary'}`}
                aria-pressed={!!filters.has_tag}
                onClick={() => set('has_tag', filters.has_tag ? '' : true)}
                data-testid="filter-has-tag"
              >
                {t('listings.filters.hasTag')}
              </button>
            )}
          </div>
        )}
      </div>
      {hasActiveFilters(filters) && (
        <div className="d-none d-md-flex justify-content-end">
          <button type="button" className="btn btn-link btn-touch px-0" onClick={onClear}>
            {clearLabel}
          </button>
        </div>
      )}
    </section>
  );
}
