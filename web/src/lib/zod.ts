import { z } from 'zod';

/**
 * zod, told not to compile its parsers with `new Function`: it would only try, and the site's
 * Content-Security-Policy (no 'unsafe-eval') refuses it, a violation every page with a form logged
 * (Lighthouse: best practices). Every module takes `z` from here.
 */
z.config({ jitless: true });

export { z };
