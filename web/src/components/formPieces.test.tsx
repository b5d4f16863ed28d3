import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { CaptchaField, LOCAL_CAPTCHA_TOKEN } from './Captcha';
import { EmailField, PasswordField } from './CredentialFields';
import { NewPasswordFields } from './NewPasswordFields';

interface Values {
  email: string;
  password: string;
  password_confirmation: string;
  captcha_token: string;
}

/** A form as the auth pages build theirs: each piece bound with register / setValue. */
function Demo({ onSubmit }: { onSubmit: (v: Values) => void }) {
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { captcha_token: '' } });
  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => {
        if (!values.captcha_token) return;
        onSubmit(values);
      })}
    >
      <EmailField
        id="demo-email"
        label="E-mail"
        error={errors.email}
        {...register('email', { required: 'form.required' })}
      />
      <PasswordField id="demo-current" label="Current" {...register('password')} />
      <NewPasswordFields idPrefix="demo" label="New" register={register} errors={errors} />
      <CaptchaField form={{ setValue, errors }} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('shared form pieces', () => {
  it('label their inputs, ask the browser for the right autofill, and send the captcha token', async () => {
    const onSubmit = vi.fn();
    renderRoutes([{ path: '/', element: <Demo onSubmit={onSubmit} /> }]);
    const email = await screen.findByLabelText('E-mail');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Current')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('New')).toHaveAttribute('autocomplete', 'new-password');

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    // The error sits under the field and is tied to it for screen readers.
    const alert = await screen.findByRole('alert');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAttribute('aria-describedby', alert.id);

    await userEvent.type(email, 'sam@example.com');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'sam@example.com', captcha_token: LOCAL_CAPTCHA_TOKEN }),
    );
  });
});
