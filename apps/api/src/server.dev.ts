import { devServer } from './dev/host.js';
import { runServer } from './serve.js';

/**
 * The development server (`npm start`, `npm run dev`, the browser tests): the app through the dev host
 * (dev/host.ts) — the OPP simulator when OPP_API_URL is unset, the demo data, the previews. With
 * NODE_ENV=production it is the production server (server.ts), the dev host adding nothing.
 */
runServer(devServer);
