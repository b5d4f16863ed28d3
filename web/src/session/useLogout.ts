import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/api/client';
import { clearAgeConfirmation } from './ageGate';
import { AGE_STATE_KEY, clearAgeVerification } from './ageVerification';
import { clearSession } from './session';

/** Spec section 7: logout errors are ignored; then clear age verification and go home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await api.POST('/v1/auth/logout');
    } catch {
      // ignored on purpose
    }
    clearAgeConfirmation();
    await clearAgeVerification();
    clearSession(queryClient);
    void queryClient.invalidateQueries({ queryKey: AGE_STATE_KEY });
    navigate('/');
  };
}
