/**
 * Location for check-in. The browser's position is rounded before it leaves the device, the server
 * keeps a ~5 km grid point, and the page never shows a position finer than what the server sent.
 */
export interface CoarseLocation {
  lat: number;
  lng: number;
  precision_km: number;
}

const KM_PER_DEGREE = 111;

/** Decimals a value of this precision deserves: 5 km -> 1 decimal (0.1 deg ~ 11 km). */
export function decimalsFor(precisionKm: number): number {
  if (!(precisionKm > 0)) return 0;
  return Math.max(0, Math.min(3, Math.floor(-Math.log10(precisionKm / KM_PER_DEGREE))));
}

function decimalsOf(value: number): number {
  const text = String(value);
  const dot = text.indexOf('.');
  return dot === -1 || text.includes('e') ? 0 : text.length - dot - 1;
}

/** "≈ 48.9, 2.4" for the server's grid point: never more decimals than the server's own value. */
export function formatCoarseLocation(loc: CoarseLocation, locale = 'en'): string {
  const fmt = (value: number) => {
    const digits = Math.min(decimalsFor(loc.precision_km), decimalsOf(value));
    return new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  };
  return `≈ ${fmt(loc.lat)}, ${fmt(loc.lng)}`;
}

/** What leaves the browser: 2 decimals (about 1 km); the server coarsens further. */
export function roundForUpload(lat: number, lng: number): { lat: number; lng: number } {
  return { lat: Math.round(lat * 100) / 100, lng: Math.round(lng * 100) / 100 };
}

export type GeoFailure = 'unsupported' | 'denied' | 'failed';

export class GeoError extends Error {
  constructor(public readonly kind: GeoFailure) {
    super(kind);
  }
}

/** The browser's position, or a GeoError saying why not (spec: failed, denied, not supported). */
export function currentPosition(
  geo: Geolocation | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.geolocation,
): Promise<{ lat: number; lng: number }> {
  return new Promise((resolve, reject) => {
    if (!geo) {
      reject(new GeoError('unsupported'));
      return;
    }
    geo.getCurrentPosition(
      (pos) => resolve(roundForUpload(pos.coords.latitude, pos.coords.longitude)),
      (err) => reject(new GeoError(err.code === 1 ? 'denied' : 'failed')),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 600_000 },
    );
  });
}
