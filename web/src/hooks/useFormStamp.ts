import { useCallback, useEffect, useRef } from 'react';
import { api } from '@/api/client';

/**
 * The server's signed time for a form, taken when the form is shown and sent back as `form_ts`:
 * the bot assessment reads how long the form took (a sign-up sent within a second and a half was
 * not typed by a person). Without it (the call failed) the form still submits.
 */
export function useFormStamp(): () => string | undefined {
  const stamp = useRef<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    api
      .GET('/v1/form-stamp')
      .then(({ data }) => {
        if (live && data) stamp.current = data.form_ts;
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return useCallback(() => stamp.current, []);
}
