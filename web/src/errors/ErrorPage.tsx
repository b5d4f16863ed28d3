import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ApiError } from '@/api/errors';
import { ButtonLink } from '@/components/ButtonLink';
import { useTitle } from '@/hooks/useTitle';
import i18n from '@/i18n';
import { useTranslation } from '@/i18n/useTranslation';

export interface ErrorPageProps {
  status?: number;
  title?: string;
  message?: string;
}

const NOT_FOUND_LINKS = [
  { to: '/snapchat-usernames', key: 'snapchat' },
  { to: '/kik-usernames', key: 'kik' },
  { to: '/telegram-usernames', key: 'telegram' },
] as const;

const GROUP_LINKS = [
  { to: '/snapchat-groups', key: 'snapchat' },
  { to: '/kik-groups', key: 'kik' },
  { to: '/telegram-groups', key: 'telegram' },
] as const;

/** Spec section 2 "Error page": title, message, status (default 500); 404 offers ways back. */
export function ErrorPage({ status = 500, title, message }: ErrorPageProps) {
  const { t } = useTranslation();
  const notFound = status === 404;
  const heading = title ?? (notFound ? t('errors.notFound') : t('errors.pageTitle'));
  useTitle(heading);

  return (
    <section className="addme-error text-center py-5 mx-auto" data-testid="error-page">
      <p className="addme-error-status" aria-hidden="true">
        {status}
      </p>
      <h1 className="h3">{heading}</h1>
      {(message || !notFound) && (
        <p className="text-body-secondary">{message ?? t('errors.pageMessage')}</p>
      )}
      {notFound ? (
        <div className="addme-error-links mt-4 text-start mx-auto">
          <h2 className="h6 text-uppercase text-body-secondary">{t('errors.browseUsernames')}</h2>
          <div className="d-flex flex-wrap gap-2 mb-3">
            {NOT_FOUND_LINKS.map((l) => (
              <Link key={l.to} to={l.to} className={`btn btn-app btn-app-${l.key} btn-touch`}>
                {t(`apps.${l.key}`)}
              </Link>
            ))}
          </div>
          <h2 className="h6 text-uppercase text-body-secondary">{t('errors.browseGroups')}</h2>
          <div className="d-flex flex-wrap gap-2 mb-4">
            {GROUP_LINKS.map((l) => (
              <ButtonLink key={l.to} to={l.to}>
                {t('errors.groupsOf', { app: t(`apps.${l.key}`) })}
              </ButtonLink>
            ))}
          </div>
          <ButtonLink to="/" variant="accent" className="w-100">
            {t('errors.home')}
          </ButtonLink>
        </div>
      ) : (
        <ButtonLink to="/" variant="accent" className="mt-3">
          {t('errors.home')}
        </ButtonLink>
      )}
    </section>
  );
}

/**
 * Last resort when rendering the error page itself fails: no hooks, and i18next's own defaults in
 * case the catalogues are what broke.
 */
export function ErrorPageFailure() {
  return (
    <section className="text-center py-5" role="alert">
      <h1 className="h4">
        {i18n.t('errors.errorPageFailed', {
          defaultValue: 'An error occurred while showing the error page',
        })}
      </h1>
      <a href="/" className="btn btn-primary mt-3">
        {i18n.t('errors.home', { defaultValue: 'Home' })}
      </a>
    </section>
  );
}

export class ErrorPageBoundary extends Component<
  { children: ReactNode; fallback?: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Error page failed', error, info.componentStack);
  }

  render() {
    return this.state.failed ? (this.props.fallback ?? <ErrorPageFailure />) : this.props.children;
  }
}

/** Maps whatever a route threw to the page's status and message (route errors use their status). */
export function describeRouteError(error: unknown): ErrorPageProps {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' && error.data ? error.data : undefined;
    return { status: error.status, message };
  }
  if (error instanceof ApiError) {
    return { status: error.status ?? 500, message: error.message || undefined };
  }
  return { status: 500 };
}

export function RouteErrorPage() {
  const error = useRouteError();
  if (import.meta.env.DEV && !isRouteErrorResponse(error)) console.error(error);
  return (
    <ErrorPageBoundary>
      <ErrorPage {...describeRouteError(error)} />
    </ErrorPageBoundary>
  );
}
