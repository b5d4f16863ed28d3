import { describe, expect, it } from 'vitest';
import openapi from '@/api/openapi.json';
import en from '@/i18n/en/apiErrors.json';
import fr from '@/i18n/fr/apiErrors.json';
import { SERVER_WORDED } from './errorText';

/** The error codes the API documents: each domain's `<Domain>Code` enum in openapi.json. */
function documentedCodes(): string[] {
  const schemas = openapi.components.schemas as Record<string, { enum?: string[] }>;
  return Object.entries(schemas)
    .filter(([name, schema]) => name.endsWith('Code') && Array.isArray(schema.enum))
    .flatMap(([, schema]) => schema.enum ?? []);
}

const base = (keys: string[]) => new Set(keys.map((k) => k.replace(/_(one|other|many)$/, '')));

describe('every error code the API can send reads well in English and French', () => {
  const codes = documentedCodes();
  const english = base(Object.keys(en));
  const french = base(Object.keys(fr));
  const server = new Set<string>(SERVER_WORDED);

  it('finds the codes in the schema', () => {
    expect(codes.length).toBeGreaterThan(100);
    expect(codes).toContain('own_case');
  });

  it('words each code in both languages, or lists it as worded by the server', () => {
    const unworded = codes.filter((c) => !server.has(c) && !(english.has(c) && french.has(c)));
    expect(unworded).toEqual([]);
  });

  it('keeps no words for a code the API no longer sends', () => {
    const known = new Set(codes);
    expect([...english].filter((c) => !known.has(c))).toEqual([]);
    expect([...server].filter((c) => !known.has(c))).toEqual([]);
    expect([...french].filter((c) => !english.has(c))).toEqual([]);
  });
});
