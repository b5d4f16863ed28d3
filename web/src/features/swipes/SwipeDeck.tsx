import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { ApiError } from '@/api/errors';
import { myUsernamesQuery } from '@/api/myUsernames';
import { ButtonLink } from '@/components/ButtonLink';
import { Icon } from '@/components/Icon';
import { LoadError } from '@/components/LoadError';
import { PageHead } from '@/components/PageHead';
import { UsernameCard } from '@/components/UsernameCard';
import { errorText } from '@/errors/errorText';
import { useTranslation } from '@/i18n/useTranslation';
import type { User } from '@/session/session';
import { CheckInActions } from './CheckInActions';
import { asListingCard, useDeck, useSwipe } from './queries';
import { SwipesLanding } from './SwipesLanding';
import { canSwipe } from './vip';
import './swipes.css';
import { NoticeCard } from '@/components/NoticeCard';

function CheckInPrompt({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <div className="addme-card p-4 text-center" data-testid="check-in-prompt">
      <p className="mb-1 fw-medium">{t('community.swipes.checkInFirst')}</p>
      <p className="small text-body-secondary">{t('community.swipes.privacyShort')}</p>
      <div className="d-flex justify-content-center">
        <CheckInActions id={id} canCheckIn canClear={false} />
      </div>
    </div>
  );
}

/** The deck's two answers: [action, button look, its arrow key]. */
const SWIPES = [
  ['pass', 'outline-secondary', 'ArrowLeft'],
  ['like', 'accent', 'ArrowRight'],
] as const;

/** /user/local-swipes: pick one of my usernames, check in, then like or pass one card at a time. */
export function SwipeDeck({ user }: { user: User }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const mine = useQuery(myUsernamesQuery);
  const usable = (mine.data?.data ?? []).filter((u) => u.status === 'approved');
  const chosen = Number.parseInt(search.get('u') ?? '', 10);
  const current = usable.find((u) => u.id === chosen) ?? usable[0] ?? null;
  const checkedIn = current?.has_location ?? false;
  const deck = useDeck(current && checkedIn && canSwipe(user) ? current.id : null);
  const swipe = useSwipe();
  const [index, setIndex] = useState(0);
  const cards = deck.data?.data ?? [];
  const card = cards[index] ?? null;

  // A new deck (another username, a refetch) starts from its first card.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the deck data changes.
  useEffect(() => setIndex(0), [deck.data]);

  const act = useCallback(
    (action: 'like' | 'pass') => {
      if (!card || !current || swipe.isPending) return;
      swipe.mutate(
        { from_username_id: current.id, to_username_id: card.id, action },
        { onSuccess: () => setIndex((i) => i + 1) },
      );
    },
    [card, current, swipe],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, select, textarea')) return;
      if (e.key === 'ArrowRight') act('like');
      if (e.key === 'ArrowLeft') act('pass');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [act]);

  const heading = <h1 className="h3 mb-3">{t('community.swipes.title')}</h1>;
  if (!canSwipe(user)) {
    return (
      <>
        {heading}
        <SwipesLanding compact />
      </>
    );
  }
  if (mine.isPending) return <p role="status">{t('listings.loading')}</p>;
  if (!current) {
    return (
      <>
        {heading}
        <NoticeCard
          text={t('community.swipes.needUsername')}
          to="/user/submit"
          linkText={t('nav.submit')}
          testId="swipes-no-username"
        />
      </>
    );
  }

  const deckError = deck.error instanceof ApiError ? deck.error : null;
  let body: React.ReactNode;
  const mustCheckIn =
    deckError?.code === 'check_in_required' ||
    (deckError?.status === 400 && /check in/i.test(deckError.message));
  if (!checkedIn || mustCheckIn) {
    // The prompt's own words: this refusal's server text is another call's too (the wallet's).
    body = <CheckInPrompt id={current.id} />;
  } else if (deckError?.status === 403) {
    body = <SwipesLanding compact />;
  } else if (deck.isPending) {
    body = <p role="status">{t('listings.loading')}</p>;
  } else if (deck.isError) {
    body = (
      <LoadError
        message={
          deckError
            ? errorText(deckError, t, { fallback: t('listings.loadFailed') })
            : t('listings.loadFailed')
        }
        onRetry={() => deck.refetch()}
        retrying={deck.isFetching}
      />
    );
  } else if (!card) {
    body = (
      <div className="addme-card p-4 text-center" data-testid="deck-empty">
        <p className="mb-3">{t('community.swipes.empty')}</p>
        <button type="button" className="btn btn-accent btn-touch" onClick={() => deck.refetch()}>
          {t('community.swipes.reload')}
        </button>
      </div>
    );
  } else {
    body = (
      <div className="swipe-deck" data-testid="deck">
        <p className="small text-body-secondary text-center" aria-live="polite">
          {t('community.swipes.position', { n: index + 1, total: cards.length })}
        </p>
        <div data-testid="swipe-card">
          <UsernameCard card={asListingCard(card)} />
        </div>
        <div className="swipe-actions">
          {SWIPES.map(([action, variant, key]) => (
            <button
              key={action}
              type="button"
              className={`btn btn-${variant} btn-touch`}
              disabled={swipe.isPending}
              onClick={() => act(action)}
              aria-keyshortcuts={key}
            >
              {action === 'like' ? (
                <Icon name="heart" size={18} />
              ) : (
                <span aria-hidden="true">✕</span>
              )}
              <span className="ms-2">{t(`community.swipes.${action}`)}</span>
            </button>
          ))}
        </div>
        <p className="small text-body-secondary text-center mt-2 d-none d-lg-block">
          {t('community.swipes.keys')}
        </p>
      </div>
    );
  }

  return (
    <div data-testid="swipes">
      <PageHead title={t('community.swipes.title')}>
        <ButtonLink to="/user/local-swipes/favorites">{t('nav.favorites')}</ButtonLink>
      </PageHead>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <Form.Group controlId="swipe-as" className="flex-grow-1" style={{ maxWidth: 360 }}>
          <Form.Label className="fw-medium">{t('community.swipes.swipeAs')}</Form.Label>
          <Form.Select
            value={current.id}
            onChange={(e) => setSearch({ u: e.target.value }, { replace: true })}
          >
            {usable.map((u) => (
              <option key={u.id} value={u.id}>
                {u.username} ({t(`apps.${u.app}`)})
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {checkedIn && <CheckInActions id={current.id} canCheckIn canClear />}
      </div>
      {body}
    </div>
  );
}
