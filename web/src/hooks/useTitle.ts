import { useEffect } from 'react';
import { useConfig } from '@/config/config';

/** Sets the tab title as "Page · Site name" (the server injects the first one for crawlers). */
export function useTitle(title?: string) {
  const { site_name } = useConfig();
  useEffect(() => {
    document.title = title ? `${title} · ${site_name}` : site_name;
  }, [title, site_name]);
}
