import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, unwrap, usernamePath } from '@/api/client';
import { VerifiedBadge } from '@/components/VerifiedBadge';
import { useConfig } from '@/config/config';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import { useRefreshAfterChange } from './queries';
import type { MyUsername } from './types';

type TelegramUser = Record<string, string | number>;
declare global {
  interface Window {
    addmeTelegramAuth?: (user: TelegramUser) => void;
  }
}

/**
 * Owner verified (#34), on the member's username page: the Telegram Login Widget for a Telegram
 * listing (when the site has a bot), a one-time code to put in the bio for Snapchat and Kik.
 */
export function OwnerVerification({ item }: { item: MyUsername }) {
  const { t } = useTranslation();
  const config = useConfig();
  const refresh = useRefreshAfterChange();
  const path = usernamePath(item.id);
  const done = (data: { message: string }) => {
    toast.success(data.message);
    void refresh();
  };
  const telegram = useMutation({
    mutationFn: (user: TelegramUser) =>
      unwrap(
        api.POST('/v1/user/usernames/{username_id}/ownership/telegram', {
          ...path,
          body: user as never,
        }),
      ),
    onSuccess: done,
  });
  const issue = useMutation({
    mutationFn: () => unwrap(api.POST('/v1/user/usernames/{username_id}/ownership/code', path)),
    onSuccess: () => void refresh(),
  });
  const check = useMutation({
    mutationFn: () => unwrap(api.POST('/v1/user/usernames/{username_id}/ownership/check', path)),
    onSuccess: done,
  });

  if (item.owner_verified) {
    return (
      <section className="addme-card p-3 mb-4" data-testid="owner-verification">
        <h2 className="h6 mb-1">{t('listings.owner.title')}</h2>
        <VerifiedBadge withText />
        <p className="small text-body-secondary mb-0 mt-1">{t('listings.owner.verifiedLead')}</p>
      </section>
    );
  }
  if (item.app === 'telegram' && !config.telegram_login_bot) return null;
  const code = item.ownership_code;
  return (
    <section className="addme-card p-3 mb-4" data-testid="owner-verification">
      <h2 className="h6 mb-1">{t('listings.owner.title')}</h2>
      <p className="small text-body-secondary">{t('listings.owner.lead')}</p>
      {item.app === 'telegram' ? (
        <>
          <p className="small">{t('listings.owner.telegramHow', { username: item.username })}</p>
          <TelegramButton bot={config.telegram_login_bot} onAuth={(u) => telegram.mutate(u)} />
        </>
      ) : code ? (
        <>
          <p className="small mb-2">
            {t('listings.owner.codeHow', {
              app: t(`apps.${item.app}`, { defaultValue: item.app }),
            })}
          </p>
          <p className="owner-code" data-testid="ownership-code">
            <code>{code}</code>
          </p>
          <div className="d-flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-accent btn-touch"
              disabled={check.isPending}
              onClick={() => check.mutate()}
            >
              {check.isPending ? t('listings.owner.checking') : t('listings.owner.check')}
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary btn-touch"
              disabled={issue.isPending}
              onClick={() => issue.mutate()}
            >
              {t('listings.owner.newCode')}
            </button>
          </div>
          <p className="small text-body-secondary mt-2 mb-0">{t('listings.owner.codeValid')}</p>
        </>
      ) : (
        <button
          type="button"
          className="btn btn-accent btn-touch"
          disabled={issue.isPending}
          onClick={() => issue.mutate()}
        >
          {t('listings.owner.getCode')}
        </button>
      )}
    </section>
  );
}

/** Telegram's own Login Widget script: it draws the button and hands back the signed fields. */
function TelegramButton({ bot, onAuth }: { bot: string; onAuth: (user: TelegramUser) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(onAuth);
  latest.current = onAuth;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    window.addmeTelegramAuth = (user) => latest.current(user);
    const script = document.createElement('script');
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.async = true;
    script.setAttribute('data-telegram-login', bot);
    script.setAttribute('data-size', 'large');
    script.setAttribute('data-userpic', 'false');
    script.setAttribute('data-onauth', 'addmeTelegramAuth(user)');
    el.appendChild(script);
    return () => {
      el.replaceChildren();
      delete window.addmeTelegramAuth;
    };
  }, [bot]);
  return <div ref={box} data-testid="telegram-login" />;
}
