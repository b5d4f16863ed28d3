import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { ApiError } from '@/api/errors';
import type { components } from '@/api/schema.gen';
import { errorText } from '@/errors/errorText';
import { useTranslation } from '@/i18n/useTranslation';

type Kind = components['schemas']['TranslationRequest']['kind'];
type Target = components['schemas']['TranslationRequest']['target'];
const TARGETS: readonly Target[] = ['en', 'fr', 'de', 'es', 'it', 'pt', 'nl'];

/** The reader's language as a translation target (English when the site has no such target). */
function targetOf(language: string): Target {
  const base = language.slice(0, 2).toLowerCase();
  return (TARGETS as readonly string[]).includes(base) ? (base as Target) : 'en';
}

/**
 * "Translate" under a member's text: the server asks the site's translation service (or says it has
 * none) and the answer is shown below the original, which stays as written.
 */
export function TranslateButton({ kind, id }: { kind: Kind; id: number }) {
  const { t, i18n } = useTranslation();
  const target = targetOf(i18n.language);
  const translate = useMutation({
    mutationFn: () => unwrap(api.POST('/v1/translations', { body: { kind, id, target } })),
  });
  const refusal =
    translate.error instanceof ApiError
      ? errorText(translate.error, t)
      : translate.error
        ? t('errors.generic')
        : null;
  return (
    <div className="mt-2" data-testid={`translate-${kind}-${id}`}>
      {!translate.data && (
        <button
          type="button"
          className="btn btn-link btn-sm p-0"
          disabled={translate.isPending}
          onClick={() => translate.mutate()}
        >
          {translate.isPending ? t('listings.translate.working') : t('listings.translate.button')}
        </button>
      )}
      {translate.data && (
        <figure className="mb-0 border-start ps-2" lang={translate.data.target}>
          <figcaption className="small text-body-secondary">
            {t('listings.translate.from', { source: translate.data.source })}
          </figcaption>
          <p className="mb-0 profile-description">{translate.data.text}</p>
        </figure>
      )}
      {refusal && (
        <p className="small text-body-secondary mb-0" role="status">
          {refusal}
        </p>
      )}
    </div>
  );
}
