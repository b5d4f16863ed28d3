import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-bootstrap';
import type {
  FieldError,
  FieldErrors,
  FieldValues,
  Path,
  PathValue,
  UseFormSetValue,
} from 'react-hook-form';
import { type CaptchaProvider, useConfig } from '@/config/config';
import { useTranslation } from '@/i18n/useTranslation';
import { ErrorText, useErrorText } from './FormField';

export const LOCAL_CAPTCHA_TOKEN = 'local-captcha-ok';

type Provider = CaptchaProvider;

interface WidgetApi {
  render: (el: HTMLElement, opts: Record<string, unknown>) => unknown;
}

const SCRIPTS: Record<Exclude<Provider, 'none'>, { src: string; global: string }> = {
  turnstile: {
    src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    global: 'turnstile',
  },
  hcaptcha: { src: 'https://js.hcaptcha.com/1/api.js?render=explicit', global: 'hcaptcha' },
};

function loadScript(src: string): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
  if (existing?.dataset.loaded) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () => {
      script.dataset.loaded = '1';
      resolve();
    });
    script.addEventListener('error', () => reject(new Error(`Could not load ${src}`)));
    if (!existing) {
      script.src = src;
      script.async = true;
      document.head.appendChild(script);
    }
  });
}

/**
 * The captcha from the public config: the provider's widget, or with provider "none" the local
 * test checkbox whose token is `local-captcha-ok`.
 */
export function Captcha({
  provider,
  siteKey,
  onToken,
  invalid,
}: {
  provider: Provider;
  siteKey: string | null | undefined;
  onToken: (token: string) => void;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const tokenRef = useRef(onToken);
  tokenRef.current = onToken;

  useEffect(() => {
    if (provider === 'none' || !siteKey) return;
    const { src, global } = SCRIPTS[provider];
    let cancelled = false;
    loadScript(src)
      .then(() => {
        const widget = (window as unknown as Record<string, WidgetApi | undefined>)[global];
        if (cancelled || !widget || !ref.current) return;
        widget.render(ref.current, {
          sitekey: siteKey,
          callback: (token: string) => tokenRef.current(token),
          'expired-callback': () => tokenRef.current(''),
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [provider, siteKey]);

  if (provider === 'none') {
    return (
      <div className={`addme-captcha-local ${invalid ? 'is-invalid' : ''}`}>
        <Form.Check
          id="captcha-local"
          type="checkbox"
          label={t('auth.notRobot')}
          isInvalid={invalid}
          onChange={(e) => onToken(e.target.checked ? LOCAL_CAPTCHA_TOKEN : '')}
        />
      </div>
    );
  }
  return (
    <div>
      <div ref={ref} className="addme-captcha-widget" />
      {failed && <div className="text-danger small">{t('auth.captchaFailed')}</div>}
    </div>
  );
}

type CaptchaForm<T extends FieldValues> = {
  setValue: UseFormSetValue<T>;
  errors: FieldErrors<T>;
};

/**
 * The captcha as every form shows it (register, contact, remove-username): the provider from the
 * public config, and its error under it. Bound to a react-hook-form form through `form` (its
 * `captcha_token` field), or given `onToken` and `error` by a form that keeps its own state.
 */
export function CaptchaField<T extends FieldValues & { captcha_token: string }>(
  props: { className?: string } & (
    | { form: CaptchaForm<T> }
    | { onToken: (token: string) => void; error?: FieldError }
  ),
) {
  const { captcha } = useConfig();
  let onToken: (token: string) => void;
  let error: FieldError | undefined;
  if ('form' in props) {
    const { setValue, errors } = props.form;
    error = errors.captcha_token as FieldError | undefined;
    const validate = !!error;
    onToken = (token) =>
      setValue('captcha_token' as Path<T>, token as PathValue<T, Path<T>>, {
        shouldValidate: validate,
      });
  } else {
    onToken = props.onToken;
    error = props.error;
  }
  const text = useErrorText(error);
  return (
    <Form.Group className={props.className ?? 'mb-4'}>
      <Captcha
        provider={captcha.provider}
        siteKey={captcha.site_key}
        invalid={!!error}
        onToken={onToken}
      />
      <ErrorText text={text} />
    </Form.Group>
  );
}
