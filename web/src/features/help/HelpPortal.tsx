import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { Accordion, Form } from 'react-bootstrap';
import { api, unwrap } from '@/api/client';
import { ButtonLink } from '@/components/ButtonLink';
import { LoadError } from '@/components/LoadError';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

type Help = { sections: { id: string; title: string; items: { q: string; a: string }[] }[] };

/** One way on from the help portal: a card with its title, a line about it and its link. */
function HelpCard({
  wide = false,
  title,
  text,
  children,
}: {
  wide?: boolean;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'col-12' : 'col-md-6'}>
      <div className="addme-card p-3 h-100">
        <h2 className="h6">{title}</h2>
        <p className="small text-body-secondary">{text}</p>
        {children}
      </div>
    </div>
  );
}

/** Keeps the questions whose question or answer contains every word of the search. */
export function filterHelp(help: Help, query: string): Help {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return help;
  return {
    sections: help.sections
      .map((s) => ({
        ...s,
        items: s.items.filter((i) => {
          const text = `${i.q} ${i.a}`.toLowerCase();
          return words.every((w) => text.includes(w));
        }),
      }))
      .filter((s) => s.items.length > 0),
  };
}

/** /help: FAQ sections from the server, a search box, and the ways to reach support. */
export function HelpPortal() {
  const { t } = useTranslation();
  useTitle(t('community.help.title'));
  const [query, setQuery] = useState('');
  const help = useQuery({
    queryKey: ['help'],
    queryFn: ({ signal }) => unwrap(api.GET('/v1/help', { signal })),
    staleTime: 10 * 60_000,
  });
  const shown = useMemo(
    () => (help.data ? filterHelp(help.data, query) : null),
    [help.data, query],
  );

  return (
    <div className="mx-auto" style={{ maxWidth: 860 }} data-testid="help">
      <h1 className="h3 mb-2">{t('community.help.title')}</h1>
      <p className="text-body-secondary">{t('community.help.lead')}</p>
      <Form
        role="search"
        aria-label={t('community.help.search')}
        className="mb-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <Form.Label htmlFor="help-search" visuallyHidden>
          {t('community.help.search')}
        </Form.Label>
        <Form.Control
          id="help-search"
          type="search"
          size="lg"
          placeholder={t('community.help.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </Form>
      {help.isPending ? (
        <p role="status">{t('listings.loading')}</p>
      ) : help.isError ? (
        <LoadError message={t('listings.loadFailed')} query={help} />
      ) : shown && shown.sections.length === 0 ? (
        <p className="addme-card p-4 text-center" data-testid="help-no-match">
          {t('community.help.noMatch')}
        </p>
      ) : (
        shown?.sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            className="mb-4"
            aria-labelledby={`help-${section.id}`}
          >
            <h2 className="h5" id={`help-${section.id}`}>
              {section.title}
            </h2>
            <Accordion alwaysOpen={!!query}>
              {section.items.map((item, i) => (
                <Accordion.Item key={item.q} eventKey={String(i)}>
                  <Accordion.Header as="h3">{item.q}</Accordion.Header>
                  <Accordion.Body style={{ whiteSpace: 'pre-line' }}>{item.a}</Accordion.Body>
                </Accordion.Item>
              ))}
            </Accordion>
          </section>
        ))
      )}
      <div className="row g-3 mt-2">
        <HelpCard
          wide
          title={t('community.help.rankingTitle')}
          text={t('community.help.rankingText')}
        >
          <ButtonLink to="/help/ranking" data-testid="help-ranking-link">
            {t('community.help.rankingTitle')}
          </ButtonLink>
        </HelpCard>
        <HelpCard title={t('community.help.contactTitle')} text={t('community.help.contactText')}>
          <ButtonLink to="/contact-us" variant="accent">
            {t('community.help.contact')}
          </ButtonLink>
        </HelpCard>
        <HelpCard title={t('community.help.removeTitle')} text={t('community.help.removeText')}>
          <ButtonLink to="/remove-username">{t('community.help.remove')}</ButtonLink>
        </HelpCard>
      </div>
    </div>
  );
}
