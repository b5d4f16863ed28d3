import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, usernamePath } from '@/api/client';
import { myUsernamesKey } from '@/api/queryKeys';
import type { components } from '@/api/schema.gen';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import { currentPosition, formatCoarseLocation, GeoError } from './location';

export type SwipeCard = components['schemas']['SwipeCard'];
export type Favorite = components['schemas']['Favorite'];

export const swipeKeys = {
  deck: (id: number) => ['user', 'swipes', 'deck', id] as const,
  favorites: ['user', 'swipes', 'favorites'] as const,
};

/** Check in with the browser's position; each failure has its own toast (spec section 8). */
export function useCheckIn() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const position = await currentPosition();
      return unwrap(
        api.POST('/v1/user/usernames/{username_id}/check-in', {
          ...usernamePath(id),
          body: position,
        }),
      );
    },
    onSuccess: (result) => {
      const where = result.location ? formatCoarseLocation(result.location, i18n.language) : '';
      toast.success(
        where
          ? t('community.swipes.checkedInAt', {
              message: result.message,
              where,
              km: result.location?.precision_km,
            })
          : result.message,
      );
      void queryClient.invalidateQueries({ queryKey: myUsernamesKey });
      void queryClient.invalidateQueries({ queryKey: ['user', 'swipes'] });
    },
    onError: (error) => {
      if (error instanceof GeoError) {
        toast.danger(t(`community.swipes.geo.${error.kind}`), t('community.swipes.geo.title'));
      }
      // API refusals were already shown by the client's error handler.
    },
  });
}

export function useClearLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.POST('/v1/user/usernames/{username_id}/clear-location', usernamePath(id))),
    onSuccess: (result) => {
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: myUsernamesKey });
      void queryClient.invalidateQueries({ queryKey: ['user', 'swipes'] });
    },
  });
}

export function useDeck(id: number | null) {
  return useQuery({
    queryKey: swipeKeys.deck(id ?? 0),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/v1/user/swipes/deck', {
          params: { query: { username_id: id ?? 0 } },
          signal,
        }),
      ),
    enabled: id !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSwipe() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      from_username_id: number;
      to_username_id: number;
      action: 'like' | 'pass';
    }) => unwrap(api.POST('/v1/user/swipes', { body })),
    onSuccess: (result) => {
      if (result.match) toast.success(result.message, t('community.swipes.match'));
      void queryClient.invalidateQueries({ queryKey: swipeKeys.favorites });
    },
  });
}

export function useFavorites() {
  return useQuery({
    queryKey: swipeKeys.favorites,
    queryFn: ({ signal }) => unwrap(api.GET('/v1/user/swipes/favorites', { signal })),
  });
}

/** A swipe card in the listing card's shape, so the deck and favorites reuse UsernameCard. */
export function asListingCard(card: SwipeCard) {
  return {
    id: card.id,
    username: card.username,
    app: card.app as 'snapchat' | 'telegram' | 'kik',
    age: card.age,
    gender: card.gender as 'Male' | 'Female' | 'Transgender' | 'Other',
    orientation: card.orientation as 'Gay' | 'Lesbian' | 'Bisexual' | 'Straight' | 'Other',
    type: card.type as 'Clean' | 'Dirty',
    country_code: card.country_code,
    country: null,
    short_description: card.short_description,
    tags: card.tags,
    profile_picture: card.profile_picture,
    is_promoted: card.is_vip,
    is_fire_pinned: false,
    promoted_reason: card.promoted_reason,
    last_top_up: null,
    // The card's time slot shows the distance bucket instead ("within 10 km").
    time_ago: card.distance ?? '',
    created_at: new Date(0).toISOString(),
    owner_verified: card.owner_verified ?? false,
  };
}
