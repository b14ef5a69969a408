import { z } from 'zod';

// Every schema of both apps is built with this `z`. In a browser, zod must not try compiling
// parsers with `new Function`: the app's Content-Security-Policy forbids eval, and the browser
// reports even the caught attempt as a CSP violation. The server keeps the compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
